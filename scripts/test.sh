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

echo "== tests" && bash scripts/vitest-env.sh "$@"
