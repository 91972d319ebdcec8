#!/usr/bin/env bash
# Contract test: schemathesis (PyPI) generates requests from the service's own OpenAPI
# document and checks that no answer is a server error and every answer conforms to the
# documented schema. Runs against a temporary `nls serve` on a fresh database with a
# Business key; the venv lives in .nls/venv. Exit code is schemathesis's.
#
#   scripts/contract.sh                 # 20 examples per operation
#   NLS_CONTRACT_EXAMPLES=200 scripts/contract.sh
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
log() { printf 'nls: %s\n' "$*" >&2; }

# shellcheck source=scripts/services.sh
source "$ROOT/scripts/services.sh"
nls_ensure_services >/dev/null

VENV="$ROOT/.nls/venv"
if [[ ! -x "$VENV/bin/schemathesis" ]]; then
    # Debian splits venv and ensurepip off python3 (and a minimal system may lack python3).
    if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
        bash "$ROOT/scripts/services.sh" apt-install python3-venv
    fi
    log "installing schemathesis into $VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q 'schemathesis>=4,<5'
fi

cargo build -q --bin nls
NLS="$ROOT/target/debug/nls"
tag="contract_$(date +%s)_$$"
server="${DATABASE_URL%/*}"
export DATABASE_URL="$server/nls_$tag"
export NLS_NATS_STREAM="NLS_CONTRACT_$tag" NLS_NATS_PREFIX="nlscontract$tag"
"$NLS" migrate 2>/dev/null
ACC=$("$NLS" account create --name Contract --email "contract-$tag@example.com" --plan business 2>/dev/null)
KEY=$("$NLS" key create --account "$ACC" 2>/dev/null)
PORT="${NLS_CONTRACT_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}"
NLS_WEBHOOK_KEY="$(head -c 32 /dev/urandom | base64)" \
    NLS_RATE_LIMIT_PER_MINUTE=1000000 "$NLS" serve --listen "127.0.0.1:$PORT" >"$ROOT/.nls/contract-server.log" 2>&1 &
SERVER=$!
cleanup() {
    kill "$SERVER" 2>/dev/null || true
    wait "$SERVER" 2>/dev/null || true
    psql "$server/postgres" -qAtc "drop database if exists nls_$tag with (force)" >/dev/null 2>&1 || true
}
trap cleanup EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
kill -0 "$SERVER" || { log "server did not start (port $PORT busy?)"; exit 1; }

log "schemathesis against http://127.0.0.1:$PORT/v1/openapi.json"
# The event stream never ends and the viewer's files are not JSON: both are left out.
"$VENV/bin/schemathesis" run "http://127.0.0.1:$PORT/v1/openapi.json" \
    --url "http://127.0.0.1:$PORT" \
    -H "Authorization: Bearer $KEY" \
    --checks not_a_server_error,response_schema_conformance \
    --max-examples "${NLS_CONTRACT_EXAMPLES:-20}" \
    --phases examples,coverage,fuzzing \
    --exclude-path-regex '^/embed/\{token\}/events$|^/docs' \
    --request-timeout 10 \
    --seed "${NLS_CONTRACT_SEED:-1}" \
    --warnings off
