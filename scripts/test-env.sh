#!/usr/bin/env bash
# Prepares what the tests use for real: Chromium, CUPS with PDF printers, a Secret Service
# (gnome-keyring under dbus), poppler, PostgreSQL 15 (each test file runs its own server). Installs what is missing when it can (root + apt),
# otherwise says exactly what is missing and fails. Idempotent; safe to run every time.
set -euo pipefail

PACKAGES=(chromium poppler-utils cups printer-driver-cups-pdf gnome-keyring dbus-x11 libsecret-1-dev postgresql)
COMMANDS=(chromium pdftotext pdftoppm cupsd lpadmin lp lpstat gnome-keyring-daemon dbus-run-session)
PDF_OUT=/var/spool/cups-pdf/out

missing=()
for c in "${COMMANDS[@]}"; do command -v "$c" >/dev/null 2>&1 || [ -x "/usr/sbin/$c" ] || missing+=("$c"); done
[ -f /usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd ] || missing+=("cups-pdf driver")
[ -x /usr/lib/postgresql/15/bin/initdb ] || missing+=("PostgreSQL 15 (initdb)")
pkg-config --exists libsecret-1 2>/dev/null || missing+=("libsecret-1 (pkg-config)")
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "test-env: installing ${PACKAGES[*]} (missing: ${missing[*]})"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}" >/dev/null
  else
    echo "test-env: missing ${missing[*]}. Install the Debian packages: ${PACKAGES[*]} (as root)." >&2
    exit 1
  fi
fi

# keytar, the keychain module, is an optional dependency built against libsecret: where
# `npm install` ran before libsecret was there its build failed and npm left it out. Build it
# now that it is, so the keychain tests use the real Secret Service.
if ! node -e "require('keytar')" >/dev/null 2>&1; then
  if ! pkg-config --exists libsecret-1 2>/dev/null; then
    echo "test-env: the keychain module keytar cannot be built: libsecret-1-dev is missing. Install the Debian packages: ${PACKAGES[*]} (as root)." >&2
    exit 1
  fi
  version=$(node -p "require('./package.json').optionalDependencies.keytar")
  echo "test-env: building keytar $version against libsecret"
  npm install --no-save --no-audit --no-fund "keytar@$version" >/dev/null
  node -e "require('keytar')"
fi

if [ "$(id -u)" = 0 ]; then
  # cups-pdf: every job into one folder, named with its job id, readable by the tests.
  conf=/etc/cups/cups-pdf.conf
  if ! grep -q "^Out $PDF_OUT\$" "$conf"; then
    sed -i -E "s|^#?Out .*|Out $PDF_OUT|; s|^#?Label .*|Label 2|; s|^#?UserUMask .*|UserUMask 0000|" "$conf"
    grep -q '^Label 2' "$conf" || echo 'Label 2' >>"$conf"
    grep -q '^UserUMask 0000' "$conf" || echo 'UserUMask 0000' >>"$conf"
  fi
  mkdir -p "$PDF_OUT" && chmod 1777 "$PDF_OUT"
  pgrep -x cupsd >/dev/null || /usr/sbin/cupsd
  for _ in $(seq 1 50); do lpstat -r 2>/dev/null | grep -q 'is running' && break; sleep 0.1; done
  for printer in TicketPDF ReceiptPDF; do
    lpstat -p "$printer" >/dev/null 2>&1 ||
      lpadmin -p "$printer" -E -v cups-pdf:/ -m lsb/usr/cups-pdf/CUPS-PDF_opt.ppd 2>/dev/null ||
      lpadmin -p "$printer" -E -v cups-pdf:/ -P /usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd
    # The default PDF→PostScript step turns embedded TrueType into Type 3 fonts with no usable
    # text; pdftocairo keeps Latin text and digits readable in the printed PDF.
    lpadmin -p "$printer" -o pdftops-renderer-default=pdftocairo
  done
  lpstat -p TicketPDF >/dev/null
else
  lpstat -p TicketPDF >/dev/null 2>&1 || { echo "test-env: CUPS printer TicketPDF is missing; run this script as root once." >&2; exit 1; }
fi
echo "test-env: ready (Chromium $(chromium --version 2>/dev/null | awk '{print $2}'), CUPS printers TicketPDF ReceiptPDF → $PDF_OUT)"
