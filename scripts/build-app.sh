#!/usr/bin/env bash
# Builds the browser app (app/, TypeScript + Preact, bundled by esbuild) into app/dist,
# which `nls serve` serves at /app. Installs Node and npm from Debian packages when
# missing (scripts/services.sh apt-install), `npm ci` when app/node_modules is missing,
# then `npm run build` (type check with tsc, then the bundle). Used by run.sh and test.sh.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
log() { printf 'nls: %s\n' "$*" >&2; }
die() { printf 'nls: error: %s\n' "$*" >&2; exit 1; }

packages=()
command -v node >/dev/null || packages+=(nodejs)
command -v npm >/dev/null || packages+=(npm)
if ((${#packages[@]})); then
    bash "$ROOT/scripts/services.sh" apt-install "${packages[@]}" || die "could not install ${packages[*]}"
fi
cd "$ROOT/app"
if [[ ! -d node_modules/esbuild || ! -d node_modules/preact ||
      package-lock.json -nt node_modules/.package-lock.json ]]; then
    log "npm ci in app/"
    npm ci --no-audit --no-fund >&2 || die "npm ci in app/ failed"
fi
log "building the app (npm run build in app/)"
npm run --silent build >&2 || die "npm run build in app/ failed"
