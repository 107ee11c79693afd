#!/usr/bin/env bash
# The browser tests drive Debian's Chromium. Install it when missing and we are root on
# Debian; otherwise say how.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Chromium not found at $CHROMIUM: installing Debian's chromium package."
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Chromium not found at $CHROMIUM. Install it (Debian: sudo apt-get install chromium)," >&2
echo "or point CHROMIUM_PATH at a Chromium or Chrome binary." >&2
exit 1
