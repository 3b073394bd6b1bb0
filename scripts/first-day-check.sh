#!/usr/bin/env bash
# A station manager's first day, as the README tells it, on a machine set up for a station (the
# README's table: libsecret and a Secret Service, here gnome-keyring on a D-Bus session): the README's
# `npm start` in this tree with a fresh home and data folder, then, over the started app's loopback
# harness as its screens call it: the first supervisor is made and works with no cash shift (names
# the counter, adds an agent); the agent signs in, is refused a supervisor's form, and the
# supervisor's PIN typed at the agent's side approves that one form, nothing else. Used by .ci/run
# after the packages are installed (the newcomer check before it covers a machine without them).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
check_name='first day'
# shellcheck source=lib/started-app.sh
source "$repo/scripts/lib/started-app.sh"

for cmd in dbus-run-session gnome-keyring-daemon; do
  command -v "$cmd" >/dev/null || fail "$cmd is missing (apt-get install gnome-keyring dbus-x11)"
done
[ -e "$repo/node_modules/keytar/build/Release/keytar.node" ] || fail "keytar is not built (apt-get install libsecret-1-dev, then npm install)"

mkdir -p "$work/home" "$work/data"
cd "$repo"
export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share" XDG_CONFIG_HOME="$work/home/.config" SHUBBAK_DATA_DIR="$work/data"
unset DISPLAY CI

say "npm start (keychain: gnome-keyring on a D-Bus session of its own)"
start_app dbus-run-session -- sh -c 'echo -n first-day | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec npm start'

node --input-type=module - "$url" "$repo/scripts/lib/harness-call.mjs" <<'EOF' || fail "the first day did not go as the README says"
import { pathToFileURL } from 'node:url';
const [url, lib] = process.argv.slice(2);
const { harness } = await import(pathToFileURL(lib).href);
const { call, check } = harness(url, 'first day');
const SUPERVISOR_PIN = '24681357';
const AGENT_PIN = '1357';

const status = await call('credentialsStatus');
check(status.ok && status.value.keychainAvailable === true, 'the keychain is available', status);
let desk = await call('createFirstSupervisor', { name: 'Hany Supervisor', pin: SUPERVISOR_PIN });
check(desk.ok && desk.value.signedIn?.role === 'supervisor', 'the first supervisor is made and signed in', desk);
const supervisorId = desk.value.signedIn.id;
check(desk.value.shift === null || desk.value.shift === undefined, 'no cash shift is open', desk.value.shift);
const named = await call('saveStationName', { stationName: 'Cairo Gateway' });
check(named.ok, 'the supervisor names the counter with no shift open', named);
const agents = await call('saveAgent', { name: 'Mona Agent', role: 'agent', pin: AGENT_PIN, active: true });
check(agents.ok && agents.value.some((a) => a.name === 'Mona Agent'), 'the supervisor adds an agent with no shift open', agents);
const agentId = agents.value.find((a) => a.name === 'Mona Agent').id;
check((await call('signOut')).ok, 'the supervisor signs out');

desk = await call('signIn', { agentId, pin: AGENT_PIN });
check(desk.ok && desk.value.signedIn?.id === agentId, 'the agent signs in', desk);
const refused = await call('saveStationName', { stationName: 'Not yours' });
check(!refused.ok && refused.error.code === 'forbidden_role', "a supervisor's form is refused to the agent", refused);
const granted = await call('approveOverride', { supervisorId, pin: SUPERVISOR_PIN, action: 'counter', calls: ['saveStationName'] });
check(granted.ok, "the supervisor's PIN at the agent's side approves the counter's form", granted);
const renamed = await call('saveStationName', { stationName: 'Cairo Gateway — window 2' });
check(renamed.ok, 'the approved form saves', renamed);
const beyond = await call('saveAgent', { name: 'Mona Agent', role: 'supervisor', active: true, id: agentId });
check(!beyond.ok && beyond.error.code === 'forbidden_role', 'the approval opens that form only (the agents stay the supervisor\'s)', beyond);
EOF
say "passed"
