#!/usr/bin/env bash
# Runs the whole test suite: `cargo test --workspace "$@"` against a ready Postgres and
# NATS (found or started by scripts/services.sh), then (without arguments) the schemathesis
# contract test of scripts/contract.sh and the typed clients' staleness check and tests
# (scripts/clients.sh). Exit code is the first failure's.
#
# The tests create one database per test on the server in DATABASE_URL, connecting to the
# database named there, so by default it points at the server's `postgres` database.
# NLS_TEST_DATABASE_URL overrides it; a DATABASE_URL already set is used as it is.
# Some tests start private nats-server processes, so the binary must be installed even
# when a NATS server is already running; its path is exported as NLS_NATS_SERVER_BIN.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf 'nls: %s\n' "$*" >&2; }
die() { printf 'nls: error: %s\n' "$*" >&2; exit 1; }

command -v cargo >/dev/null || die "cargo not found; install Rust (https://rustup.rs)"

# shellcheck source=scripts/services.sh
source "$ROOT/scripts/services.sh"
if [[ -n "${NLS_TEST_DATABASE_URL:-}" ]]; then
    export DATABASE_URL="$NLS_TEST_DATABASE_URL"
fi
NLS_DB_NAME=postgres nls_ensure_services || die "could not get Postgres and NATS running (see messages above)"

NLS_NATS_SERVER_BIN="$(bash "$ROOT/scripts/services.sh" nats-bin)" || die "nats-server is needed by the tests"
export NLS_NATS_SERVER_BIN

# The fault suite (tests/faults) crashes and restarts a Postgres cluster of its own, so it
# needs the server's tools (initdb, pg_ctl) even when the tests' Postgres runs elsewhere.
if ! compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null && [[ -z "${NLS_PG_BINDIR:-}" ]]; then
    bash "$ROOT/scripts/services.sh" apt-install postgresql || die "could not install postgresql"
fi

# The label renderer draws Arabic, Hebrew, Thai, Chinese, Japanese and Korean from fonts of
# Debian packages (renderer/src/draw/script_fonts.rs); its tests need them.
bash "$ROOT/scripts/services.sh" script-fonts || die "could not install the script fonts"

# The browser tests (tests/api/embed.rs, tests/api/app.rs) drive Debian's Chromium through Node
# (tests/browser); never a downloaded browser. Installed through services.sh, which runs
# apt-get without prompts (sourcing it defines only the nls_* functions).
browser_packages=()
command -v chromium >/dev/null || [[ -x /usr/bin/chromium ]] || browser_packages+=(chromium)
command -v node >/dev/null || browser_packages+=(nodejs)
command -v npm >/dev/null || browser_packages+=(npm)
if ((${#browser_packages[@]})); then
    bash "$ROOT/scripts/services.sh" apt-install "${browser_packages[@]}" \
        || die "could not install ${browser_packages[*]}"
fi
# Also after the lock file changed (a pulled commit added a package): npm records what it
# installed in node_modules/.package-lock.json.
if [[ ! -d "$ROOT/tests/browser/node_modules/playwright-core" ||
      "$ROOT/tests/browser/package-lock.json" -nt "$ROOT/tests/browser/node_modules/.package-lock.json" ]]; then
    log "npm ci in tests/browser"
    (cd "$ROOT/tests/browser" && npm ci --no-audit --no-fund >&2) || die "npm ci in tests/browser failed"
fi
# The browser app (app/), which tests/api/app.rs drives (and rebuilds) in Chromium.
bash "$ROOT/scripts/build-app.sh" || die "could not build the app (app/)"
(cd "$ROOT/app" && npm test >&2) || die "the app's unit tests (npm test in app/) failed"

# CI logs are plain text; locally keep cargo's own choice.
if [[ -n "${CI:-}" && "${CI:-}" != false ]]; then
    export CARGO_TERM_COLOR=never
fi
export RUST_BACKTRACE="${RUST_BACKTRACE:-1}"

log "cargo test --workspace${*:+ $*} (DATABASE_URL=$(sed -E 's#(://[^:/@]+):[^@/]*@#\1:***@#' <<<"$DATABASE_URL"), NATS_URL=$NATS_URL)"
start=$SECONDS
# Cargo's output is also kept to add up every test binary's result for the closing line.
results="$(mktemp)"
trap 'rm -f "$results"' EXIT
set +e
cargo test --workspace "$@" 2>&1 | tee "$results"
rc=${PIPESTATUS[0]}
set -e

# Contract test against a live server (schemathesis, bounded; see scripts/contract.sh).
# NLS_SKIP_CONTRACT=1 skips it (e.g. when filtering to a few tests).
if ((rc == 0)) && [[ -z "${NLS_SKIP_CONTRACT:-}" && $# -eq 0 ]]; then
    log "contract test: scripts/contract.sh"
    set +e
    bash "$ROOT/scripts/contract.sh"
    rc=$?
    set -e
fi
# The typed clients: the checked-in ones must match the service's document, and both must
# work against a live server (scripts/clients.sh); skipped with the contract test.
if ((rc == 0)) && [[ -z "${NLS_SKIP_CONTRACT:-}" && $# -eq 0 ]]; then
    log "clients: scripts/clients.sh check, then test"
    set +e
    bash "$ROOT/scripts/clients.sh" check && bash "$ROOT/scripts/clients.sh" test
    rc=$?
    set -e
fi
elapsed=$((SECONDS - start))

if ((rc == 0)); then
    log "tests passed in ${elapsed}s"
else
    log "tests FAILED (cargo exit code $rc) after ${elapsed}s"
fi
# The total over every cargo test binary, as the last line.
awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($i ~ /^passed/) p += $(i-1); if ($i ~ /^failed/) f += $(i-1); if ($i ~ /^ignored/) s += $(i-1) } }
     END { printf "total: %d passed, %d failed, %d skipped\n", p, f, s }' "$results"
exit "$rc"
