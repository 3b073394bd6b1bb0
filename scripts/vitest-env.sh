#!/usr/bin/env bash
# The tests' surroundings without the type-check, lint and build of `npm test`: a throw-away home
# (the keychain, app data and caches of a run never touch the user's), the CUPS-PDF printers and
# gnome-keyring under dbus. `bash scripts/vitest-env.sh test/integration/station/` runs some files;
# scripts/test-env.sh must have prepared the machine once.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
run_home=$(mktemp -d)
trap 'rm -rf "$run_home"' EXIT
export SHUBBAK_REAL_HOME="$HOME"
export HOME="$run_home" XDG_DATA_HOME="$run_home/.local/share" XDG_CONFIG_HOME="$run_home/.config"
export SHUBBAK_CUPS_PDF_DIR=/var/spool/cups-pdf/out SHUBBAK_TEST_PRINTER=TicketPDF SHUBBAK_TEST_RECEIPT_PRINTER=ReceiptPDF
mkdir -p "$XDG_DATA_HOME"
dbus-run-session -- sh -c 'echo -n shubbak-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec vitest run "$@"' vitest "$@"
