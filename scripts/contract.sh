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

# shellcheck source=scripts/live-server.sh
source "$ROOT/scripts/live-server.sh"
nls_live_setup contract
trap nls_live_cleanup EXIT
NLS_RATE_LIMIT_PER_MINUTE=1000000 nls_live_serve "$ROOT/.nls/contract-server.log" "${NLS_CONTRACT_PORT:-}"
KEY="$NLS_LIVE_KEY"
PORT="${NLS_LIVE_URL##*:}"

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
