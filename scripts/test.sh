#!/usr/bin/env bash
# npm test: type check, unit and build-validation tests, the production build, the route
# contract, then the browser tests in Debian's Chromium against that build.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-packages.sh

step() { printf '\n== %s ==\n' "$1"; }

step 'type check'
npx tsc --noEmit

step 'the real Unleash server: its OpenAPI description'
npm run api:real

step 'the older majors (5, 6, 7): the committed descriptions are what they serve'
npm run api:versions -- --check

step 'unit, build-validation and truth tests'
npx vitest run

step 'production build'
npm run build

step 'route contract'
npm run check:routes

step 'browser tests'
npx playwright test
