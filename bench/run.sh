#!/usr/bin/env bash
# Reproduces the service-level figures of BENCHMARKS.md on this machine:
#   1. recipe creates with 16 concurrent clients (writes/s, latency, write-to-NATS and
#      write-to-renderer lag), against `nls serve` with every role in one process,
#   2. the same event insert through pgbench with 16 clients (the floor),
#   3. POST /v1/analyze under wrk (2 threads, 16 connections),
#   4. cache-hit GET label.png under wrk, and nginx serving the same file (the floor),
#   5. a headless Chromium screenshot of the same label as HTML,
#   6. reformulations of the 20 recipes of bench/reformulate/ (issue 30), one at a time,
#   7. creates-db: the creates run of 1. with the database's counters around it (where a
#      create's work goes; see creates_db below). Not run by default.
# Each benchmark uses a fresh database, NATS stream and server; nothing else is touched,
# and the databases and streams are removed when the script ends.
#
#   bash bench/run.sh                      every benchmark, once each
#   bash bench/run.sh label label label    only the label-file one, three times
# Sections: creates, pgbench, analyze, label, markets, chromium, reformulate, creates-db. NLS_BENCH_SECONDS sets each run's
# length (default 20); NLS_BIN runs another `nls` binary than this tree's release build
# (NLS_LOAD_BIN another load generator; with both set nothing is built). A run that gets any non-2xx response fails the script: a benchmark
# of error pages measures nothing. NLS_PERF_DIR=<dir> also profiles the server of each section
# with `perf record` while its load runs (<dir>/<section>.perf.data; bench/profile.py reads it).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SECONDS_PER_RUN="${NLS_BENCH_SECONDS:-20}"
SECTIONS=("$@")
if [ ${#SECTIONS[@]} -eq 0 ]; then SECTIONS=(creates pgbench analyze label markets chromium); fi
for section in "${SECTIONS[@]}"; do
  case "$section" in
    creates | pgbench | analyze | label | markets | chromium | reformulate | creates-db) ;;
    *) echo "unknown section '$section' (creates, pgbench, analyze, label, markets, chromium, reformulate, creates-db)" >&2; exit 2 ;;
  esac
done

source scripts/services.sh
nls_ensure_services
missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v pgbench >/dev/null || missing+=(postgresql-contrib)
command -v nginx >/dev/null || missing+=(nginx-light)
if [ ${#missing[@]} -gt 0 ]; then apt-get update -qq && apt-get install -y -qq "${missing[@]}"; fi

# NLS_BIN measures another build (an A/B of two commits) with the same script; with
# NLS_LOAD_BIN too (the load generator built once, as bench/ab.sh does) nothing is built, so
# editing the tree while a run goes on changes nothing in it.
if [ -z "${NLS_BIN:-}" ] || [ -z "${NLS_LOAD_BIN:-}" ]; then
  cargo build --release -q --bin nls --example load
fi
NLS="${NLS_BIN:-$ROOT/target/release/nls}"
LOAD="${NLS_LOAD_BIN:-$ROOT/target/release/examples/load}"
server="${DATABASE_URL%/*}"
PIDS=()
DATABASES=()
STREAMS=()
DIRS=()
# Stops what was started, drops the benchmark databases, deletes the NATS streams (with
# their consumers; JetStream would keep them, a few MB each, until deleted) and removes
# the file directories.
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
  if [ ${#DIRS[@]} -gt 0 ]; then rm -rf "${DIRS[@]}"; fi
}
trap cleanup EXIT

# A fresh, migrated database and NATS stream names, with an account and its key.
fresh_database() {
  tag="bench_$(date +%s%N)"
  export DATABASE_URL="$server/nls_$tag"
  DATABASES+=("nls_$tag")
  export NLS_NATS_STREAM="NLS_BENCH_${tag}" NLS_NATS_PREFIX="nlsbench${tag}"
  STREAMS+=("$NLS_NATS_STREAM")
  "$NLS" migrate >/dev/null
  ACC=$("$NLS" account create --name Bench --email "bench-$tag@example.com" --plan business)
  KEY=$("$NLS" key create --account "$ACC" 2>/dev/null)
}

# A fresh database and a server on port 18080; each benchmark gets its own, so one's
# background work (a renderer draining after a write burst) never runs during the next.
start_server() {
  fresh_database
  NLS_RATE_LIMIT_PER_MINUTE=1000000000 "$NLS" serve --listen 127.0.0.1:18080 >"/tmp/nls-$tag.log" 2>&1 &
  SERVER=$!
  PIDS+=("$SERVER")
  for _ in $(seq 100); do curl -sf http://127.0.0.1:18080/healthz >/dev/null && break; sleep 0.1; done
}
stop_server() {
  stop_profile
  kill "$SERVER" 2>/dev/null || true
  wait "$SERVER" 2>/dev/null || true
}
# With NLS_PERF_DIR, samples the server's threads (with their call stacks, unwound from
# .eh_frame: release builds keep no frame pointers) from here until stop_profile.
PERF_PID=""
start_profile() {
  [ -n "${NLS_PERF_DIR:-}" ] || return 0
  mkdir -p "$NLS_PERF_DIR"
  perf record -q -F 199 --call-graph dwarf,8192 -p "$SERVER" -o "$NLS_PERF_DIR/$1.perf.data" 2>/dev/null &
  PERF_PID=$!
}
stop_profile() {
  [ -n "$PERF_PID" ] || return 0
  kill -INT "$PERF_PID" 2>/dev/null || true
  wait "$PERF_PID" 2>/dev/null || true
  PERF_PID=""
}
# wrk, 2 threads x 16 connections, with its figures; fails on any non-2xx response (wrk
# counts them on a line of their own and still reports their rate as requests/sec).
run_wrk() {
  local out
  local conns="${WRK_CONNECTIONS:-16}"
  out=$(wrk -t"$((conns < 2 ? 1 : 2))" -c"$conns" -d"${SECONDS_PER_RUN}s" --latency "$@")
  grep -E "Requests/sec|Transfer/sec| 50%| 99%" <<<"$out"
  if grep -q "Non-2xx" <<<"$out"; then
    grep "Non-2xx" <<<"$out" >&2
    echo "error: responses other than 2xx; the figures above measure error responses" >&2
    exit 1
  fi
}

creates() {
  echo "== recipe creates, 16 clients, ${SECONDS_PER_RUN}s"
  start_server
  start_profile creates
  "$LOAD" http://127.0.0.1:18080 "$KEY" 16 "$SECONDS_PER_RUN" "$NATS_URL" "$NLS_NATS_PREFIX"
  stop_server
}

# The creates run with the database's own counters around it (issue 27, item 3): events,
# transactions committed and WAL written by the run alone (a CHECKPOINT first, so its
# segments are still there), rows and index scans per table, stored bytes per row kind and
# the largest relations. With NLS_WALDUMP=1 also `pg_waldump --stats=record` over the run's
# WAL (needs read access to the server's pg_wal); with pg_stat_statements loaded by the
# server (shared_preload_libraries), the 20 statements that took the most execution time.
# Changes no server setting.
creates_db() {
  echo "== recipe creates with the database's counters, 16 clients, ${SECONDS_PER_RUN}s"
  start_server
  q() { psql -X -q -At -F ' | ' "$DATABASE_URL" -c "$1"; }
  local statements=0
  if psql -X -q -At "$server/postgres" -c "show shared_preload_libraries" | grep -q pg_stat_statements; then
    q "create extension if not exists pg_stat_statements" >/dev/null && statements=1
  fi
  q "select pg_stat_reset()" >/dev/null
  if [ "$statements" = 1 ]; then q "select pg_stat_statements_reset()" >/dev/null; fi
  q "checkpoint" >/dev/null
  local lsn0 lsn1 commits0 commits1 events wal
  lsn0=$(q "select pg_current_wal_lsn()")
  commits0=$(q "select xact_commit from pg_stat_database where datname = current_database()")
  "$LOAD" http://127.0.0.1:18080 "$KEY" 16 "$SECONDS_PER_RUN" "$NATS_URL" "$NLS_NATS_PREFIX"
  lsn1=$(q "select pg_current_wal_lsn()")
  sleep 1
  commits1=$(q "select xact_commit from pg_stat_database where datname = current_database()")
  events=$(q "select count(*) from event")
  wal=$(q "select pg_wal_lsn_diff('$lsn1', '$lsn0')::bigint")
  echo "-- events: $events; transactions committed: $((commits1 - commits0)); WAL: $wal bytes ($((wal / (events > 0 ? events : 1))) per event); $lsn0 .. $lsn1"
  echo "-- per table: rows inserted | updated | sequential scans | index scans"
  q "select relname, n_tup_ins, n_tup_upd, seq_scan, coalesce(idx_scan, 0) from pg_stat_user_tables
     where n_tup_ins + n_tup_upd + seq_scan + coalesce(idx_scan, 0) > 0 order by relname"
  echo "-- stored bytes per row: event (row, payload) | recipe_view (row, body, label, label as text, ingredients) | label_version (row)"
  q "select avg(pg_column_size(e.*))::int, avg(pg_column_size(payload))::int from event e"
  q "select avg(pg_column_size(v.*))::int, avg(pg_column_size(body))::int, avg(pg_column_size(label))::int,
            avg(octet_length(label::text))::int, avg(pg_column_size(ingredients))::int from recipe_view v"
  q "select avg(pg_column_size(l.*))::int from label_version l"
  echo "-- the largest relations, bytes (pg_toast_* hold the labels)"
  q "select c.relname, pg_relation_size(c.oid) from pg_class c
     where c.relkind in ('r', 't', 'i') and (c.relnamespace = 'public'::regnamespace or c.relname like 'pg_toast_%')
     order by 2 desc limit 12"
  if [ "$statements" = 1 ]; then
    echo "-- statements by execution time: ms | calls | rows | % | statement"
    q "select round(total_exec_time::numeric), calls, rows,
              round((100 * total_exec_time / sum(total_exec_time) over ())::numeric, 1),
              left(regexp_replace(query, '\s+', ' ', 'g'), 100)
       from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
       order by total_exec_time desc limit 20"
  fi
  if [ -n "${NLS_WALDUMP:-}" ]; then
    local data major
    data=$(q "show data_directory")
    major=$(q "show server_version_num")
    echo "-- WAL records of the run (pg_waldump --stats=record)"
    "/usr/lib/postgresql/$((major / 10000))/bin/pg_waldump" -p "$data/pg_wal" -s "$lsn0" -e "$lsn1" --stats=record
  fi
  stop_server
}

pgbench_insert() {
  echo "== pgbench: the same event insert, 16 clients, ${SECONDS_PER_RUN}s"
  fresh_database
  pgbench -n -c 16 -j 2 -T "$SECONDS_PER_RUN" -f bench/insert.sql "$DATABASE_URL" 2>&1 | grep -E "tps|latency average"
}

analyze() {
  echo "== POST /v1/analyze under wrk, 2 threads, 16 connections, ${SECONDS_PER_RUN}s"
  start_server
  start_profile analyze
  NLS_KEY="$KEY" run_wrk -s bench/analyze.lua http://127.0.0.1:18080/v1/analyze
  stop_server
}

# The label files of one recipe, in $WWW (label.png, label.svg): issue 27's five-ingredient
# pancakes (8 servings of "2 pancakes"). The food table lacks the flour's and milk's trans
# fat: the lines give it, so the label is complete; the household measure is given, so it
# carries no "not for a package" band (until session 18 it lacked one, and the benchmark
# served a 272 KB colour PNG of a label not fit to print). nginx's workers run as
# `nobody`, and mktemp makes its directory private: without the chmod every nginx request
# is a 403 of 153 bytes (the mistake behind the nginx figures of sessions 1 to 3).
make_label_files() {
  local body='{"name":"Pancakes","servings":8,"serving_size_text":"2 pancakes","ingredients":[{"name":"all-purpose flour","grams":250,"nutrients":{"trans_fat_g":0}},{"name":"milk","grams":300,"nutrients":{"trans_fat_g":0.1}},{"name":"egg","grams":100},{"name":"butter","grams":40},{"name":"sugar","grams":25}]}'
  local created
  created=$(curl -sf -X POST http://127.0.0.1:18080/v1/recipes -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' -d "$body") || {
    # Builds older than per-line nutrient values (an A/B base such as c17c212) refuse the
    # lines' trans fat: the same pancakes without it (the floor still serves the very bytes).
    echo "note: this build refused the pancakes' per-line trans fat; its label lacks it" >&2
    body=$(printf '%s' "$body" | sed -E 's/,"nutrients":\{"trans_fat_g":[0-9.]+\}//g')
    created=$(curl -sf -X POST http://127.0.0.1:18080/v1/recipes -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' -d "$body")
  }
  RID=$(printf '%s' "$created" | sed -E 's/.*"id":"(rcp_[0-9a-f]+)".*/\1/')
  WWW=$(mktemp -d)
  DIRS+=("$WWW")
  chmod 755 "$WWW"
  curl -sf "http://127.0.0.1:18080/v1/recipes/$RID/label.png" -H "Authorization: Bearer $KEY" -o "$WWW/label.png"
  curl -sf "http://127.0.0.1:18080/v1/recipes/$RID/label.svg" -H "Authorization: Bearer $KEY" -o "$WWW/label.svg"
  # A printable black-on-white label is a greyscale PNG; colour means a draft band or an
  # incomplete-data mark crept in, and the figures would be of the wrong file.
  python3 -c 'import sys; d=open(sys.argv[1],"rb").read(); sys.exit(0 if d[25] == 0 else 1)' "$WWW/label.png" \
    || echo "warning: the benchmark's label.png is not greyscale: a draft or incomplete label?" >&2
}

label() {
  echo "== cache-hit GET label.png under wrk vs nginx serving the same file from disk"
  start_server
  make_label_files
  cat >"$WWW/nginx.conf" <<CONF
daemon off; worker_processes 2; pid $WWW/nginx.pid; error_log $WWW/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; server { listen 127.0.0.1:18081; root $WWW; } }
CONF
  nginx -c "$WWW/nginx.conf" &
  local nginx_pid=$!
  PIDS+=("$nginx_pid")
  sleep 0.5
  # The floor must be the very file: same bytes, status 200.
  curl -sf "http://127.0.0.1:18081/label.png" -o "$WWW/from-nginx.png" \
    || { echo "error: nginx does not serve $WWW/label.png (see $WWW/error.log)" >&2; exit 1; }
  cmp -s "$WWW/label.png" "$WWW/from-nginx.png" \
    || { echo "error: nginx serves other bytes than nls" >&2; exit 1; }
  echo "-- the file: $(stat -c %s "$WWW/label.png") bytes, the same from both servers"
  echo "-- nls (API key checked, label index and file from memory)"
  start_profile label
  run_wrk -H "Authorization: Bearer $KEY" "http://127.0.0.1:18080/v1/recipes/$RID/label.png"
  stop_profile
  echo "-- nginx (static file)"
  run_wrk "http://127.0.0.1:18081/label.png"
  kill "$nginx_pid" 2>/dev/null || true
  wait "$nginx_pid" 2>/dev/null || true
  stop_server
}

chromium_screenshot() {
  echo "== headless Chromium screenshot of the same label as an HTML page (10 runs)"
  if ! command -v chromium >/dev/null; then
    echo "chromium not installed (apt-get install chromium); skipped"
    return
  fi
  start_server
  make_label_files
  stop_server
  printf '<!doctype html><html><body style="margin:0">%s</body></html>' "$(cat "$WWW/label.svg")" >"$WWW/label.html"
  local start end
  start=$(date +%s%N)
  for i in $(seq 10); do
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
      --disable-component-update --disable-sync --user-data-dir="$WWW/chrome-$i" --hide-scrollbars \
      --window-size=290,700 --screenshot="$WWW/shot-$i.png" "file://$WWW/label.html" >/dev/null 2>&1
  done
  end=$(date +%s%N)
  echo "chromium: $(( (end - start) / 10000000 )) ms per screenshot (process start included)"
}

# A saved recipe's labels for ten markets in one call (issue 19, item 6), beside the
# recipe's own GET (one label, read as stored) in the same run.
markets() {
  echo "== GET /v1/recipes/{id}/labels for 10 formats under wrk vs GET /v1/recipes/{id}"
  start_server
  make_label_files
  local formats="us.v,eu.tab.de,eu.tab.fr,uk.tab,anz.nip,codex.tab.en,eaeu.ru,cn.b1,jp.f2,ca.std.bi"
  local header="$WWW/auth.lua"
  printf 'wrk.headers["Authorization"] = "Bearer %s"\n' "$KEY" >"$header"
  curl -sf "http://127.0.0.1:18080/v1/recipes/$RID/labels?formats=$formats" -H "Authorization: Bearer $KEY" \
    | grep -o '"format":"[^"]*"' | sort -u | wc -l | xargs echo "formats in one answer:"
  # One connection: the time one call takes on the server (the issue's 5 ms), then 16.
  for conns in 1 16; do
    echo "-- labels for 10 formats, $conns connection(s)"
    WRK_CONNECTIONS=$conns run_wrk -s "$header" "http://127.0.0.1:18080/v1/recipes/$RID/labels?formats=$formats"
    echo "-- the floor: the recipe itself, $conns connection(s)"
    WRK_CONNECTIONS=$conns run_wrk -s "$header" "http://127.0.0.1:18080/v1/recipes/$RID"
  done
  stop_server
}

# Each of the 20 seal-carrying recipes reformulated NLS_REFORMULATE_ROUNDS times (default 20),
# one request at a time: found or why not, the change, p50/p99 (issue 30's 200 ms p99).
reformulate() {
  echo "== POST /v1/reformulate, the 20 recipes of bench/reformulate/, one request at a time"
  start_server
  start_profile reformulate
  python3 bench/reformulate/run.py http://127.0.0.1:18080 "$KEY" "${NLS_REFORMULATE_ROUNDS:-20}"
  stop_server
}

for section in "${SECTIONS[@]}"; do
  case "$section" in
    reformulate) reformulate ;;
    markets) markets ;;
    creates) creates ;;
    creates-db) creates_db ;;
    pgbench) pgbench_insert ;;
    analyze) analyze ;;
    label) label ;;
    chromium) chromium_screenshot ;;
  esac
done
