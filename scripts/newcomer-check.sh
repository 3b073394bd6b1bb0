#!/usr/bin/env bash
# A newcomer's first command on a machine with only Node and npm: clones the committed tree into
# a temporary folder and runs the README's `npm install && npm start` there with libsecret hidden
# from pkg-config (so keytar's native build fails as it does on a fresh machine) and no Secret
# Service on D-Bus, then checks that the started app answers in TRAINING, says in one line why
# the keychain is unavailable, and refuses to store a credential. Used by .ci/run on every run.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
app_pid=
cleanup() {
  [ -n "$app_pid" ] && kill -- "-$app_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

say() { echo "newcomer: $*"; }
fail() {
  echo "newcomer: FAILED: $*" >&2
  for f in install.log start.log; do [ -f "$work/$f" ] && { echo "--- $f (tail)" >&2; tail -40 "$work/$f" >&2; }; done
  exit 1
}

git clone -q --no-hardlinks "$repo" "$work/shubbak"
mkdir -p "$work/no-pkgconfig" "$work/home" "$work/data"
cd "$work/shubbak"

# Nothing of this machine's set-up may help: no pkg-config entry for libsecret, no D-Bus session,
# a fresh home and data folder. The npm cache stays (it holds packages, never built binaries).
export npm_config_cache="${npm_config_cache:-$HOME/.npm}"
export PKG_CONFIG_LIBDIR="$work/no-pkgconfig" PKG_CONFIG_PATH=
export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share" XDG_CONFIG_HOME="$work/home/.config"
export SHUBBAK_DATA_DIR="$work/data" DBUS_SESSION_BUS_ADDRESS="unix:path=$work/no-bus"
unset DISPLAY CI

say "npm install (libsecret hidden from pkg-config)"
npm install --no-audit --no-fund >"$work/install.log" 2>&1 || fail "npm install failed"
if [ -e node_modules/keytar/build/Release/keytar.node ]; then
  say "note: keytar was built anyway (libsecret found another way); the check below still holds"
else
  say "keytar's build failed as on a fresh machine, and npm install went on without it"
fi

say "npm start"
setsid npm start >"$work/start.log" 2>&1 &
app_pid=$!
url=
for _ in $(seq 1 300); do
  url=$(grep -oE 'http://127\.0\.0\.1:[0-9]+/#token=[A-Za-z0-9_-]+' "$work/start.log" | head -1 || true)
  [ -n "$url" ] && break
  kill -0 "$app_pid" 2>/dev/null || fail "npm start exited before the app was open"
  sleep 1
done
[ -n "$url" ] || fail "the app did not print its URL within 300 s"
say "open at ${url%%#*}"

# The started app, as the renderer calls it: appInfo, a city search, the credential screen.
node --input-type=module - "$url" "$work/start.log" <<'EOF' || fail "the started app did not answer as expected"
import { readFileSync } from 'node:fs';
const [url, logFile] = process.argv.slice(2);
const { origin, hash } = new URL(url);
const token = new URLSearchParams(hash.slice(1)).get('token');
const call = async (name, arg) => {
  const res = await fetch(`${origin}/__shubbak/call/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shubbak-token': token },
    body: JSON.stringify({ arg }),
  });
  return res.json();
};
const check = (ok, what) => {
  if (!ok) throw new Error(what);
  console.log(`newcomer: ok: ${what}`);
};
const info = await call('appInfo');
check(info.ok && info.value.environment === 'TRAINING', `appInfo answers TRAINING (${JSON.stringify(info.value?.environment)})`);
const cities = await call('listCities');
check(cities.ok && cities.value.length > 100, `the embedded sandbox answers (${cities.value?.length} cities)`);
const status = await call('credentialsStatus');
check(status.ok && status.value.keychainAvailable === false && status.value.keychainProblem !== null, `the credential screen knows why the keychain is unavailable (${JSON.stringify(status.value?.keychainProblem)})`);
const save = await call('saveCredential', { clientId: 'cid_live_demo', clientSecret: 'sk_live_demo', baseUrl: 'http://127.0.0.1:9/v1' });
check(!save.ok && save.error.code === 'keychain_unavailable', `saving a live credential is refused (${save.error?.code})`);
const lines = readFileSync(logFile, 'utf8').split('\n').filter((l) => l.includes('keychain'));
check(lines.length === 1 && /starting in TRAINING/.test(lines[0]) && /libsecret-1-0|gnome-keyring/.test(lines[0]), `one start-up line says why and what to install: ${lines[0]}`);

// A station manager's first step on this machine: without a keychain no supervisor can be made
// (their PIN could not be sealed), and the counter says why (the set-up with a keychain, a
// supervisor without a shift and an approval at an agent's side: test/e2e/staff.test.ts).
const boss = await call('createFirstSupervisor', { name: 'Newcomer Supervisor', pin: '246810' });
check(!boss.ok && boss.error.code === 'keychain_unavailable', `making a supervisor without a keychain is refused with a reason (${boss.error?.code})`);
const desk = await call('desk');
check(desk.ok && desk.value.keychainFailed === true && desk.value.signedIn === null, 'the counter says the keychain failed and nobody is a supervisor');
EOF
say "passed"
