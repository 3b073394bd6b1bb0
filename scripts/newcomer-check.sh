#!/usr/bin/env bash
# A newcomer's first command on a machine with only Node and npm: clones the committed tree into
# a temporary folder and runs the README's `npm install && npm start` there with libsecret hidden
# from pkg-config (so keytar's native build fails as it does on a fresh machine) and no Secret
# Service on D-Bus, then checks that the started app answers in TRAINING, says in one line why
# the keychain is unavailable, and refuses to store a credential. Used by .ci/run on every run.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
check_name=newcomer
# shellcheck source=lib/started-app.sh
source "$repo/scripts/lib/started-app.sh"

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
start_app npm start

# The started app, as the renderer calls it: appInfo, a city search, the credential screen.
node --input-type=module - "$url" "$work/start.log" "$repo/scripts/lib/harness-call.mjs" <<'EOF' || fail "the started app did not answer as expected"
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const [url, logFile, lib] = process.argv.slice(2);
const { harness } = await import(pathToFileURL(lib).href);
const { call, check } = harness(url, 'newcomer');
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
// supervisor without a shift and an approval at an agent's side: scripts/first-day-check.sh).
const boss = await call('createFirstSupervisor', { name: 'Newcomer Supervisor', pin: '246810' });
check(!boss.ok && boss.error.code === 'keychain_unavailable', `making a supervisor without a keychain is refused with a reason (${boss.error?.code})`);
const desk = await call('desk');
check(desk.ok && desk.value.keychainFailed === true && desk.value.signedIn === null, 'the counter says the keychain failed and nobody is a supervisor');
EOF
say "passed"
