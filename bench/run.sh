#!/usr/bin/env bash
# Reproduces the service-level figures of BENCHMARKS.md on this machine:
#   1. recipe creates with 16 concurrent clients (writes/s, latency, write-to-NATS lag),
#   2. the same event insert through pgbench with 16 clients (the floor),
#   3. POST /v1/analyze under wrk (2 threads, 16 connections).
# Each run uses fresh databases and its own NATS stream; nothing else is touched.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SECONDS_PER_RUN="${NLS_BENCH_SECONDS:-20}"

source scripts/services.sh
nls_ensure_services
command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
command -v pgbench >/dev/null || apt-get install -y -qq postgresql-contrib

cargo build --release -q --bin nls --example load
NLS="$ROOT/target/release/nls"
server="${DATABASE_URL%/*}"
tag="bench_$(date +%s)"
export DATABASE_URL="$server/nls_$tag"
export NLS_NATS_STREAM="NLS_BENCH_${tag}" NLS_NATS_PREFIX="nlsbench${tag}"
"$NLS" migrate
ACC=$("$NLS" account create --name Bench --email "bench-$tag@example.com" --plan business)
KEY=$("$NLS" key create --account "$ACC")
"$NLS" serve --listen 127.0.0.1:18080 >"/tmp/nls-$tag.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -sf http://127.0.0.1:18080/healthz >/dev/null && break; sleep 0.1; done

echo "== recipe creates, 16 clients, ${SECONDS_PER_RUN}s"
"$ROOT/target/release/examples/load" http://127.0.0.1:18080 "$KEY" 16 "$SECONDS_PER_RUN" "$NATS_URL" "$NLS_NATS_PREFIX"

echo "== pgbench: the same event insert, 16 clients, ${SECONDS_PER_RUN}s"
pgbench -n -c 16 -j 2 -T "$SECONDS_PER_RUN" -f bench/insert.sql "$DATABASE_URL" 2>&1 | grep -E "tps|latency average"

echo "== POST /v1/analyze under wrk, 2 threads, 16 connections, ${SECONDS_PER_RUN}s"
NLS_KEY="$KEY" wrk -t2 -c16 -d"${SECONDS_PER_RUN}s" --latency -s bench/analyze.lua http://127.0.0.1:18080/v1/analyze \
  | grep -E "Requests/sec|50%|99%|Non-2xx"
