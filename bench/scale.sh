#!/usr/bin/env bash
# The scaling curve: throughput and p99 of writes, label reads, analyze and renders with
# 1, 2 and 4 `nls` processes per role behind nginx (deploy/nginx/nls.conf's routing),
# all on this machine, over one Postgres and one NATS server.
#
#   bash bench/scale.sh            1, 2 and 4 processes per role
#   bash bench/scale.sh 1 2        only those counts
#
# For each count: a fresh database and NATS stream, N command, N query, N renderer and
# N projector processes, nginx in front; then
#   writes   examples/load: recipe creates, 16 clients (writes/s, p99, write → NATS lag)
#   labels   wrk GET label.png, cache hits (one recipe's stored file)
#   analyze  wrk POST /v1/analyze (bench/analyze.lua)
#   renders  wrk GET label.png at random widths: nearly every request draws (bench/render.lua),
#            4 connections (an account draws at most 5 labels at once)
# wrk runs 2 threads × 16 connections for NLS_BENCH_SECONDS (default 15). Any non-2xx
# response fails the script. Everything started is stopped and removed at the end.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SECONDS_PER_RUN="${NLS_BENCH_SECONDS:-15}"
COUNTS=("$@")
if [ ${#COUNTS[@]} -eq 0 ]; then COUNTS=(1 2 4); fi

source scripts/services.sh
nls_ensure_services
missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || missing+=(nginx-light)
if [ ${#missing[@]} -gt 0 ]; then apt-get update -qq && apt-get install -y -qq "${missing[@]}"; fi

cargo build --release -q --bin nls --example load
NLS="${NLS_BIN:-$ROOT/target/release/nls}"
server="${DATABASE_URL%/*}"
PIDS=()
DATABASES=()
STREAMS=()
WORK="$(mktemp -d)"
chmod 755 "$WORK"
cleanup() {
  if [ ${#PIDS[@]} -gt 0 ]; then
    kill "${PIDS[@]}" 2>/dev/null || true
    wait "${PIDS[@]}" 2>/dev/null || true
  fi
  for db in "${DATABASES[@]}"; do
    psql -q "$server/postgres" -c "drop database if exists \"$db\" with (force)" >/dev/null 2>&1 || true
  done
  for stream in "${STREAMS[@]}"; do
    "$NLS" stream delete "$stream" >/dev/null 2>&1 || echo "could not delete NATS stream $stream" >&2
  done
  if [ "${KEEP_LOGS:-}" = 1 ]; then
    echo "process logs kept in $WORK" >&2
  else
    rm -rf "$WORK"
  fi
}
trap cleanup EXIT

run_wrk() {
  local out
  out=$(wrk -t2 -c"${CONNECTIONS:-16}" -d"${SECONDS_PER_RUN}s" --latency "$@")
  grep -E "Requests/sec| 50%| 99%" <<<"$out" | tr -s ' ' | paste -sd' '
  grep -E "^non-200" <<<"$out" >&2 || true
  if grep -q "Non-2xx" <<<"$out"; then
    grep "Non-2xx" <<<"$out" >&2
    tail -n 5 "$WORK"/nginx-*.log >&2 2>/dev/null || true
    echo "error: responses other than 2xx; the figures above measure error responses" >&2
    exit 1
  fi
}

PORT=18100
# N processes of every role, nginx on 18090 sending each request to its role.
start_cluster() {
  local n=$1 role i upstreams="" port
  tag="scale_$(date +%s%N)"
  export DATABASE_URL="$server/nls_$tag"
  DATABASES+=("nls_$tag")
  export NLS_NATS_STREAM="NLS_SCALE_${tag}" NLS_NATS_PREFIX="nlsscale${tag}"
  STREAMS+=("$NLS_NATS_STREAM")
  "$NLS" migrate >/dev/null
  ACC=$("$NLS" account create --name Scale --email "scale-$tag@example.com" --plan business)
  KEY=$("$NLS" key create --account "$ACC" 2>/dev/null)
  CLUSTER=()
  for role in command query renderer projector; do
    local servers=""
    for i in $(seq "$n"); do
      port=$((PORT++))
      # All 4n processes share 80 connections (the server allows 100, and renderers open
      # render-slot connections besides).
      NLS_DB_POOL_SIZE=$((80 / (4 * n) < 4 ? 4 : 80 / (4 * n))) NLS_RATE_LIMIT_DISABLED=true NLS_PUBLIC_URL=http://127.0.0.1:18090 \
        "$NLS" serve --role "$role" --listen "127.0.0.1:$port" >"$WORK/$role-$port.log" 2>&1 &
      PIDS+=("$!")
      CLUSTER+=("$!")
      servers+="server 127.0.0.1:$port; "
      for _ in $(seq 200); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.05; done
    done
    # As deploy/nginx/nls.conf: idle upstream connections go before the service drops them.
    [ "$role" = projector ] || upstreams+="upstream nls_$role { $servers keepalive 32; keepalive_timeout 10s; }"$'\n'
  done
  # The deployment's routing map and server block, with these upstreams.
  {
    echo "daemon off; worker_processes 2; pid $WORK/nginx-$tag.pid; error_log $WORK/nginx-$tag.log;"
    echo "events { worker_connections 4096; }"
    echo "http { access_log off;"
    sed -n '/^map /,/^}/p' deploy/nginx/nls.conf
    printf '%s' "$upstreams"
    sed -n '/^server {/,/^}/p' deploy/nginx/nls.conf | sed 's/listen 80;/listen 127.0.0.1:18090;/'
    echo "}"
  } >"$WORK/nginx-$tag.conf"
  nginx -c "$WORK/nginx-$tag.conf" &
  NGINX=$!
  PIDS+=("$NGINX")
  for _ in $(seq 100); do curl -sf http://127.0.0.1:18090/healthz >/dev/null && break; sleep 0.05; done
}

stop_cluster() {
  kill "${CLUSTER[@]}" "$NGINX" 2>/dev/null || true
  wait "${CLUSTER[@]}" "$NGINX" 2>/dev/null || true
}

for n in "${COUNTS[@]}"; do
  echo "== $n process(es) per role ($((4 * n)) nls processes), nginx in front"
  start_cluster "$n"
  echo "-- writes: recipe creates, 16 clients"
  "$ROOT/target/release/examples/load" http://127.0.0.1:18090 "$KEY" 16 "$SECONDS_PER_RUN" "$NATS_URL" "$NLS_NATS_PREFIX" | grep -E "writes/s|latency|lag"
  RID=$(curl -sf -X POST http://127.0.0.1:18090/v1/recipes -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
    -d '{"name":"Bench","servings":4,"ingredients":[{"name":"all-purpose flour","grams":250},{"name":"milk","grams":300},{"name":"egg","grams":100},{"name":"butter","grams":30}]}' \
    | sed -E 's/.*"id":"(rcp_[0-9a-f]+)".*/\1/')
  curl -sf -o /dev/null "http://127.0.0.1:18090/v1/recipes/$RID/label.png" -H "Authorization: Bearer $KEY"
  echo "-- labels: cache-hit GET label.png"
  run_wrk -H "Authorization: Bearer $KEY" "http://127.0.0.1:18090/v1/recipes/$RID/label.png"
  echo "-- analyze"
  NLS_KEY="$KEY" run_wrk -s bench/analyze.lua http://127.0.0.1:18090/v1/analyze
  # An account may draw 5 labels at once (the render limit, counted over every process):
  # 4 connections stay under it, so the figure is drawing, not refusals.
  echo "-- renders: label.png at random widths (draws), 4 connections"
  CONNECTIONS=4 NLS_KEY="$KEY" NLS_RECIPE="$RID" run_wrk -s bench/render.lua http://127.0.0.1:18090
  stop_cluster
done
