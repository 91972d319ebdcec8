#!/usr/bin/env bash
# Webhook benchmark (loopback): write -> delivery latency p50/p99 and deliveries per second,
# beside the floor (the same receiver posted to directly) in the same run. Release build,
# fresh database and NATS stream; nothing else is touched.
#   bash bench/webhooks.sh [latency_writes=300] [burst_writes=3000]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PORT="${NLS_WEBHOOK_BENCH_PORT:-18091}"

source scripts/services.sh
nls_ensure_services

cargo build --release -q --bin nls --example webhook_bench
NLS="$ROOT/target/release/nls"
server="${DATABASE_URL%/*}"
tag="webhooks_$(date +%s)"
export DATABASE_URL="$server/nls_$tag"
export NLS_NATS_STREAM="NLS_BENCH_${tag}" NLS_NATS_PREFIX="nlsbench${tag}"
export NLS_RATE_LIMIT_DISABLED=true NLS_WEBHOOKS_ALLOW_PRIVATE=1 NLS_WEBHOOKS_ALLOW_HTTP=1
NLS_WEBHOOK_KEY="$(head -c 32 /dev/urandom | base64)"
export NLS_WEBHOOK_KEY
"$NLS" migrate
ACC=$("$NLS" account create --name Bench --email "bench-$tag@example.com" --plan business)
KEY=$("$NLS" key create --account "$ACC")
"$NLS" serve --listen "127.0.0.1:$PORT" >"/tmp/nls-$tag.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null; psql "$server/postgres" -qAtc "drop database if exists nls_$tag with (force)" >/dev/null 2>&1 || true; "$NLS" stream delete "$NLS_NATS_STREAM" >/dev/null 2>&1 || true' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done
timeout 600 "$ROOT/target/release/examples/webhook_bench" "http://127.0.0.1:$PORT" "$KEY" "${1:-300}" "${2:-3000}"
