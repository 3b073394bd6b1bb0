#!/usr/bin/env bash
# `npm test`: type-check, lint (the code, and the sandbox's OpenAPI document with Redocly), build,
# then unit + integration + e2e tests with the real parts (SQLite files, the sandbox over HTTP,
# gnome-keyring over dbus, CUPS-PDF, Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/test-env.sh
echo "== type-check" && tsc -p tsconfig.json && tsc -p tsconfig.web.json && tsc -p tsconfig.test.json
echo "== lint" && eslint --max-warnings 0 .
echo "== openapi lint (redocly)" && node scripts/lint-openapi.ts
echo "== build" && electron-vite build --logLevel warn

# A throw-away home so the keychain, app data and caches of a run never touch the user's.
run_home=$(mktemp -d)
trap 'rm -rf "$run_home"' EXIT
export SHUBBAK_REAL_HOME="$HOME"
export HOME="$run_home" XDG_DATA_HOME="$run_home/.local/share" XDG_CONFIG_HOME="$run_home/.config"
export SHUBBAK_CUPS_PDF_DIR=/var/spool/cups-pdf/out SHUBBAK_TEST_PRINTER=TicketPDF SHUBBAK_TEST_RECEIPT_PRINTER=ReceiptPDF
mkdir -p "$XDG_DATA_HOME"

echo "== tests"
dbus-run-session -- sh -c 'echo -n shubbak-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec vitest run "$@"' vitest "$@"
