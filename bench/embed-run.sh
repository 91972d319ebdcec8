#!/usr/bin/env bash
# Live embed benchmarks (loopback only, bounded in time):
#   1. write-to-embed latency: PUT response -> new label on an open SSE stream, 200 updates;
#   2. concurrent SSE connections held by one process (default 10,000 over 100 recipes), with
#      the server's RSS before/open/after-close and one PUT's fan-out time.
# Fresh database and its own NATS stream; nothing else is touched.
#   NLS_EMBED_UPDATES=200 NLS_EMBED_CONNECTIONS=10000 NLS_EMBED_RECIPES=100 bench/embed-run.sh
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
UPDATES="${NLS_EMBED_UPDATES:-200}"
CONNECTIONS="${NLS_EMBED_CONNECTIONS:-10000}"
RECIPES="${NLS_EMBED_RECIPES:-100}"
PORT="${NLS_EMBED_PORT:-18090}"

source scripts/services.sh
nls_ensure_services
command -v node >/dev/null || { echo "node is needed (apt-get install nodejs)" >&2; exit 1; }
# Each SSE stream is a socket on both ends (server and client).
ulimit -n "$(( CONNECTIONS * 2 + 1024 ))" 2>/dev/null || ulimit -n "$(ulimit -Hn)"

cargo build --release -q --bin nls
NLS="$ROOT/target/release/nls"
server="${DATABASE_URL%/*}"
tag="embed_$(date +%s)"
export DATABASE_URL="$server/nls_$tag"
export NLS_NATS_STREAM="NLS_BENCH_${tag}" NLS_NATS_PREFIX="nlsbench${tag}"
export NLS_RATE_LIMIT_DISABLED=true
# Every stream comes from this one address and a few tokens: lift the embed stream caps
# (issue 28) above the streams opened, still below the connection limit.
export NLS_EMBED_STREAMS_PER_CLIENT=1000000 NLS_EMBED_STREAMS_PER_TOKEN=1000000
export NLS_EMBED_STREAMS_TOTAL="$(( CONNECTIONS + 1000 ))" NLS_MAX_CONNECTIONS="$(( CONNECTIONS + 6384 ))"
"$NLS" migrate
ACC=$("$NLS" account create --name Bench --email "bench-$tag@example.com" --plan business)
KEY=$("$NLS" key create --account "$ACC")
"$NLS" serve --listen "127.0.0.1:$PORT" >"/tmp/nls-$tag.log" 2>&1 &
SERVER=$!
# Leaves nothing behind: the server, its database and its NATS stream.
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null; psql "$server/postgres" -qAtc "drop database if exists nls_$tag with (force)" >/dev/null 2>&1 || true; "$NLS" stream delete "$NLS_NATS_STREAM" >/dev/null 2>&1 || echo "could not delete NATS stream $NLS_NATS_STREAM" >&2' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done

echo "== write-to-embed latency, $UPDATES updates"
timeout 300 node bench/embed-bench.mjs latency "http://127.0.0.1:$PORT" "$KEY" "$UPDATES"

echo "== $CONNECTIONS concurrent SSE connections over $RECIPES recipes (ulimit -n $(ulimit -n))"
timeout 300 node bench/embed-bench.mjs connections "http://127.0.0.1:$PORT" "$KEY" "$CONNECTIONS" "$RECIPES" "$SERVER"
echo "== the same, opened as the embed page does (?since=<shown hash>: no initial label sent)"
SINCE=1 timeout 300 node bench/embed-bench.mjs connections "http://127.0.0.1:$PORT" "$KEY" "$CONNECTIONS" "$RECIPES" "$SERVER"
