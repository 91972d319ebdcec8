#!/usr/bin/env bash
# Reproduces the service-level figures of BENCHMARKS.md on this machine:
#   1. recipe creates with 16 concurrent clients (writes/s, latency, write-to-NATS and
#      write-to-renderer lag), against `nls serve` with every role in one process,
#   2. the same event insert through pgbench with 16 clients (the floor),
#   3. POST /v1/analyze under wrk (2 threads, 16 connections),
#   4. cache-hit GET label.png under wrk, and nginx serving the same file (the floor),
#   5. a headless Chromium screenshot of the same label as HTML.
# Each benchmark uses a fresh database, NATS stream and server; nothing else is touched.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SECONDS_PER_RUN="${NLS_BENCH_SECONDS:-20}"

source scripts/services.sh
nls_ensure_services
missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v pgbench >/dev/null || missing+=(postgresql-contrib)
command -v nginx >/dev/null || missing+=(nginx-light)
if [ ${#missing[@]} -gt 0 ]; then apt-get update -qq && apt-get install -y -qq "${missing[@]}"; fi

cargo build --release -q --bin nls --example load
NLS="$ROOT/target/release/nls"
server="${DATABASE_URL%/*}"
PIDS=()
DATABASES=()
# Stops what was started and drops the benchmark databases (their NATS streams stay, each
# a few MB; JetStream keeps them until deleted).
cleanup() {
  kill "${PIDS[@]}" 2>/dev/null || true
  wait "${PIDS[@]}" 2>/dev/null || true
  for db in "${DATABASES[@]}"; do
    psql -q "$server/postgres" -c "drop database if exists \"$db\" with (force)" >/dev/null 2>&1 || true
  done
}
trap cleanup EXIT

# A fresh database, NATS stream, account and key, and a server on port 18080; each
# benchmark gets its own, so one's background work (a renderer draining after a write
# burst) never runs during the next.
start_server() {
  tag="bench_$(date +%s%N)"
  export DATABASE_URL="$server/nls_$tag"
  DATABASES+=("nls_$tag")
  export NLS_NATS_STREAM="NLS_BENCH_${tag}" NLS_NATS_PREFIX="nlsbench${tag}"
  "$NLS" migrate >/dev/null
  ACC=$("$NLS" account create --name Bench --email "bench-$tag@example.com" --plan business)
  KEY=$("$NLS" key create --account "$ACC" 2>/dev/null)
  NLS_RATE_LIMIT_PER_MINUTE=1000000000 "$NLS" serve --listen 127.0.0.1:18080 >"/tmp/nls-$tag.log" 2>&1 &
  SERVER=$!
  PIDS+=("$SERVER")
  for _ in $(seq 100); do curl -sf http://127.0.0.1:18080/healthz >/dev/null && break; sleep 0.1; done
}
stop_server() {
  kill "$SERVER" 2>/dev/null || true
  wait "$SERVER" 2>/dev/null || true
}

echo "== recipe creates, 16 clients, ${SECONDS_PER_RUN}s"
start_server
"$ROOT/target/release/examples/load" http://127.0.0.1:18080 "$KEY" 16 "$SECONDS_PER_RUN" "$NATS_URL" "$NLS_NATS_PREFIX"
stop_server

echo "== pgbench: the same event insert, 16 clients, ${SECONDS_PER_RUN}s"
pgbench -n -c 16 -j 2 -T "$SECONDS_PER_RUN" -f bench/insert.sql "$DATABASE_URL" 2>&1 | grep -E "tps|latency average"

echo "== POST /v1/analyze under wrk, 2 threads, 16 connections, ${SECONDS_PER_RUN}s"
start_server
NLS_KEY="$KEY" wrk -t2 -c16 -d"${SECONDS_PER_RUN}s" --latency -s bench/analyze.lua http://127.0.0.1:18080/v1/analyze \
  | grep -E "Requests/sec|50%|99%|Non-2xx"
stop_server

echo "== cache-hit GET label.png under wrk vs nginx serving the same file from disk"
start_server
RID=$(curl -sf -X POST http://127.0.0.1:18080/v1/recipes -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
  -d '{"name":"Bench","servings":4,"ingredients":[{"name":"all-purpose flour","grams":250},{"name":"milk","grams":300},{"name":"egg","grams":100},{"name":"butter","grams":30}]}' \
  | sed -E 's/.*"id":"(rcp_[0-9a-f]+)".*/\1/')
WWW=$(mktemp -d)
curl -sf "http://127.0.0.1:18080/v1/recipes/$RID/label.png" -H "Authorization: Bearer $KEY" -o "$WWW/label.png"
curl -sf "http://127.0.0.1:18080/v1/recipes/$RID/label.svg" -H "Authorization: Bearer $KEY" -o "$WWW/label.svg"
cat >"$WWW/nginx.conf" <<CONF
daemon off; worker_processes 2; pid $WWW/nginx.pid; error_log $WWW/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; server { listen 127.0.0.1:18081; root $WWW; } }
CONF
nginx -c "$WWW/nginx.conf" &
PIDS+=("$!")
sleep 0.5
echo "-- nls (API key checked, label index and file from memory)"
wrk -t2 -c16 -d"${SECONDS_PER_RUN}s" --latency -H "Authorization: Bearer $KEY" \
  "http://127.0.0.1:18080/v1/recipes/$RID/label.png" | grep -E "Requests/sec|50%|99%|Non-2xx"
echo "-- nginx (static file)"
wrk -t2 -c16 -d"${SECONDS_PER_RUN}s" --latency "http://127.0.0.1:18081/label.png" | grep -E "Requests/sec|50%|99%"
stop_server

echo "== headless Chromium screenshot of the same label as an HTML page (10 runs)"
if command -v chromium >/dev/null; then
  printf '<!doctype html><html><body style="margin:0">%s</body></html>' "$(cat "$WWW/label.svg")" >"$WWW/label.html"
  start=$(date +%s%N)
  for i in $(seq 10); do
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
      --disable-component-update --disable-sync --user-data-dir="$WWW/chrome-$i" --hide-scrollbars \
      --window-size=290,700 --screenshot="$WWW/shot-$i.png" "file://$WWW/label.html" >/dev/null 2>&1
  done
  end=$(date +%s%N)
  echo "chromium: $(( (end - start) / 10000000 )) ms per screenshot (process start included)"
else
  echo "chromium not installed (apt-get install chromium); skipped"
fi
