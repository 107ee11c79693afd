#!/usr/bin/env bash
# The browser tests drive Debian's Chromium, and one of them serves the build through
# Debian's nginx with the production config in deploy/nginx/. Install whichever is missing
# when we are root on Debian; otherwise say how.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
NGINX=/usr/sbin/nginx

missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
[ -x "$NGINX" ] || missing+=(nginx)
if [ ${#missing[@]} = 0 ]; then
  exit 0
fi

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian packages: ${missing[*]}."
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  # The nginx package starts its own service on port 80 where it can; the tests never use
  # it (they run their own nginx on a free port), so that is left alone.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  exit 0
fi

for package in "${missing[@]}"; do
  case "$package" in
    chromium)
      echo "Chromium not found at $CHROMIUM. Install it (Debian: sudo apt-get install chromium)," >&2
      echo "or point CHROMIUM_PATH at a Chromium or Chrome binary." >&2
      ;;
    nginx)
      echo "nginx not found at $NGINX. Install it (Debian: sudo apt-get install nginx)." >&2
      ;;
  esac
done
exit 1
