#!/usr/bin/env bash
# The typed clients (clients/python, clients/typescript), generated from the service's own
# OpenAPI document (`nls openapi`, the body of GET /v1/openapi.json) by pinned generators:
# openapi-python-client (clients/python/generate-requirements.txt) and openapi-typescript
# (clients/typescript/package-lock.json). Their hand-written layers sit beside the
# generated folders and are never touched by a regeneration.
#
#   scripts/clients.sh generate   # rewrite clients/openapi.json and both generated folders
#   scripts/clients.sh check      # regenerate into a temporary copy; fail if the checked-in ones differ
#   scripts/clients.sh test       # both clients against a live server: README quick starts, then their tests
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
log() { printf 'nls: %s\n' "$*" >&2; }
die() { printf 'nls: error: %s\n' "$*" >&2; exit 1; }

PY="$ROOT/clients/python"
TS="$ROOT/clients/typescript"
PY_GENERATED=src/nls_client/_generated
TS_GENERATED=src/generated/schema.ts

# Python, its venv module and Node with npm; Debian splits them into packages.
ensure_tools() {
    local missing=()
    command -v python3 >/dev/null || missing+=(python3)
    python3 -c 'import ensurepip, venv' 2>/dev/null || missing+=(python3-venv)
    command -v node >/dev/null || missing+=(nodejs)
    command -v npm >/dev/null || missing+=(npm)
    if ((${#missing[@]})); then
        bash "$ROOT/scripts/services.sh" apt-install "${missing[@]}" || die "could not install ${missing[*]}"
    fi
}

# A venv at $1 with the pinned requirements file $2, reinstalled when the file changes.
ensure_venv() {
    local venv="$1" requirements="$2"
    if [[ ! -x "$venv/bin/python" ]] || ! cmp -s "$requirements" "$venv/.requirements"; then
        log "installing $(basename "$requirements") into $venv"
        rm -rf "$venv"
        python3 -m venv "$venv"
        "$venv/bin/pip" install -q --disable-pip-version-check -r "$requirements"
        cp "$requirements" "$venv/.requirements"
    fi
}

# npm ci in clients/typescript when node_modules is missing or older than the lock file.
ensure_node_modules() {
    if [[ ! -d "$TS/node_modules/openapi-typescript" ||
          "$TS/package-lock.json" -nt "$TS/node_modules/.package-lock.json" ]]; then
        log "npm ci in clients/typescript"
        (cd "$TS" && npm ci --no-audit --no-fund >&2)
    fi
}

# The document from the binary, then both clients, under the clients folder $1.
generate_into() {
    local clients="$1"
    cargo build -q --bin nls
    "$ROOT/target/debug/nls" openapi >"$clients/openapi.json"

    ensure_venv "$ROOT/.nls/clients-gen" "$PY/generate-requirements.txt"
    rm -rf "${clients:?}/python/$PY_GENERATED"
    # The generator formats its output with ruff (its post hooks), found on PATH.
    (cd "$clients/python" && PATH="$ROOT/.nls/clients-gen/bin:$PATH" \
        openapi-python-client generate --path "$clients/openapi.json" --meta none \
        --config "$clients/python/generator.yaml" --output-path "$PY_GENERATED" >/dev/null)

    ensure_node_modules
    # A property with a default is optional in a request (the service fills it in), so
    # defaults must not make it required.
    "$TS/node_modules/.bin/openapi-typescript" "$clients/openapi.json" --default-non-nullable false \
        --output "$clients/typescript/$TS_GENERATED" 2>/dev/null
}

cmd_generate() {
    ensure_tools
    generate_into "$ROOT/clients"
    log "regenerated clients/openapi.json, clients/python/$PY_GENERATED, clients/typescript/$TS_GENERATED"
}

cmd_check() {
    ensure_tools
    local tmp
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' RETURN
    mkdir -p "$tmp/python" "$tmp/typescript/src/generated"
    # The generator's formatter reads the package's settings (pyproject.toml).
    cp "$PY/pyproject.toml" "$PY/generator.yaml" "$tmp/python/"
    generate_into "$tmp"
    local stale=0
    diff -u "$ROOT/clients/openapi.json" "$tmp/openapi.json" >&2 || stale=1
    diff -ru "$PY/$PY_GENERATED" "$tmp/python/$PY_GENERATED" -x __pycache__ >&2 || stale=1
    diff -u "$TS/$TS_GENERATED" "$tmp/typescript/$TS_GENERATED" >&2 || stale=1
    if ((stale)); then
        die "the checked-in clients are stale: run scripts/clients.sh generate and commit the result"
    fi
    log "the checked-in clients match the service's document"
}

# The first ```$2 block of the Markdown file $1.
first_block() {
    awk -v lang="$2" '
        !inside && $0 == "```" lang { inside = 1; next }
        inside && /^```/ { exit }
        inside { print }' "$1"
}

cmd_test() {
    ensure_tools
    # shellcheck source=scripts/services.sh
    source "$ROOT/scripts/services.sh"
    nls_ensure_services >/dev/null
    # shellcheck source=scripts/live-server.sh
    source "$ROOT/scripts/live-server.sh"
    nls_live_setup clients
    # Global, not local: the EXIT trap runs after this function has returned.
    TEST_TMP="$(mktemp -d)"
    trap 'nls_live_cleanup; rm -rf "$TEST_TMP"' EXIT
    local tmp="$TEST_TMP"
    # Webhooks may reach the tests' own receivers on loopback, over plain http. Both servers
    # send webhooks (either may take a delivery), so both get this policy.
    export NLS_WEBHOOKS_ALLOW_PRIVATE=true NLS_WEBHOOKS_ALLOW_HTTP=true
    NLS_RATE_LIMIT_PER_MINUTE=1000000 nls_live_serve "$ROOT/.nls/clients-server.log"
    export NLS_URL="$NLS_LIVE_URL" NLS_API_KEY="$NLS_LIVE_KEY"
    # A second server on the same data with a low limit, where the clients' retries on
    # 429 meet the real rate limiter (30 a minute: the 31st request of a burst waits 2 s).
    # Each client's test gets a key of its own there, so each starts with a full burst.
    NLS_RATE_LIMIT_PER_MINUTE=30 nls_live_serve "$ROOT/.nls/clients-limited-server.log"
    export NLS_LIMITED_URL="$NLS_LIVE_URL"
    local python_key typescript_key
    python_key=$("$NLS_LIVE_BIN" key create --account "$NLS_LIVE_ACCOUNT" 2>/dev/null)
    typescript_key=$("$NLS_LIVE_BIN" key create --account "$NLS_LIVE_ACCOUNT" 2>/dev/null)

    log "python client: install, README quick start, tests"
    ensure_venv "$ROOT/.nls/clients-test" "$PY/test-requirements.txt"
    # Built with the pinned setuptools of the venv, installed as a user would (not editable).
    "$ROOT/.nls/clients-test/bin/pip" install -q --disable-pip-version-check --no-build-isolation --force-reinstall --no-deps "$PY"
    mkdir -p "$tmp/python"
    first_block "$PY/README.md" python >"$tmp/python/quickstart.py"
    (cd "$tmp/python" && "$ROOT/.nls/clients-test/bin/python" quickstart.py)
    grep -q '<svg' "$tmp/python/label.svg" || die "the Python quick start saved no SVG label"
    (cd "$PY" && NLS_LIMITED_API_KEY="$python_key" "$ROOT/.nls/clients-test/bin/python" -m pytest -q -p no:cacheprovider tests)

    log "typescript client: npm ci, build, README quick start, tests"
    ensure_node_modules
    (cd "$TS" && npm run --silent build)
    # Inside the package, so `import ... from "nls-client"` resolves to it (a self-reference).
    local quick="$TS/.quickstart"
    rm -rf "$quick" && mkdir -p "$quick"
    first_block "$TS/README.md" ts >"$quick/quickstart.mts"
    (cd "$TS" && node_modules/.bin/tsc --noEmit --strict --target es2022 --module nodenext \
        --moduleResolution nodenext --types node --skipLibCheck .quickstart/quickstart.mts)
    # It is plain JavaScript as well as TypeScript: run it as it is.
    cp "$quick/quickstart.mts" "$quick/quickstart.mjs"
    (cd "$quick" && node quickstart.mjs)
    grep -q '<svg' "$quick/label.svg" || die "the TypeScript quick start saved no SVG label"
    rm -rf "$quick"
    (cd "$TS" && NLS_LIMITED_API_KEY="$typescript_key" npm test --silent)
    log "clients passed"
}

case "${1:-}" in
    generate) cmd_generate ;;
    check) cmd_check ;;
    test) cmd_test ;;
    *) die "usage: scripts/clients.sh generate|check|test" ;;
esac
