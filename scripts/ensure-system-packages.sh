#!/usr/bin/env bash
# The browser tests drive Debian's Chromium, and one of them serves the build through
# Debian's nginx with the production config in deploy/nginx/. The API conformance test runs
# the real Unleash server against Debian's PostgreSQL, the request samples on the pages run
# with curl and jq as a reader's shell would, and the sample checks parse Python, Ruby, Go and
# PHP with their own tools. Install whichever is missing when we are root on Debian; otherwise
# say how.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
NGINX=/usr/sbin/nginx

missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
[ -x "$NGINX" ] || missing+=(nginx)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
command -v curl >/dev/null || missing+=(curl)
command -v jq >/dev/null || missing+=(jq)
command -v python3 >/dev/null || missing+=(python3)
command -v ruby >/dev/null || missing+=(ruby)
command -v php >/dev/null || missing+=(php-cli)
command -v gofmt >/dev/null || missing+=(golang-go)
if [ ${#missing[@]} = 0 ]; then
  exit 0
fi

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian packages: ${missing[*]}."
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  # The nginx and postgresql packages start their own services where they can; the tests
  # never use them (they run their own nginx and a throwaway PostgreSQL cluster on free
  # ports), so those are left alone.
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
    *)
      echo "$package is missing. Install it (Debian: sudo apt-get install $package)." >&2
      ;;
  esac
done
exit 1
