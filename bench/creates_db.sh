#!/usr/bin/env bash
# Where a create's database work goes (issue 27, item 3): one run of bench/run.sh's creates
# load, with the database's own counters around it.
#
#   NLS_BIN=<nls> NLS_LOAD_BIN=<load> NLS_BENCH_SECONDS=8 bash bench/creates_db.sh
#
# Prints the load's figures, then for the run alone: events written, transactions committed,
# WAL written (a CHECKPOINT first, so the run's segments are still there), rows inserted,
# updated and index scans per table, the stored size of each row kind, and the largest
# relations. With NLS_WALDUMP=1 also `pg_waldump --stats=record` over the run's WAL (needs
# read access to the server's pg_wal, e.g. root on the database machine). With
# pg_stat_statements loaded by the server (shared_preload_libraries) it prints the 20
# statements that took the most execution time. Nothing here changes the server's settings.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source scripts/services.sh
nls_ensure_services

SECONDS_PER_RUN="${NLS_BENCH_SECONDS:-8}"
if [ -z "${NLS_BIN:-}" ] || [ -z "${NLS_LOAD_BIN:-}" ]; then
  cargo build --release -q --bin nls --example load
fi
NLS="${NLS_BIN:-$ROOT/target/release/nls}"
LOAD="${NLS_LOAD_BIN:-$ROOT/target/release/examples/load}"
server="${DATABASE_URL%/*}"
tag="bench_db_$(date +%s%N)"
export DATABASE_URL="$server/nls_$tag" NLS_NATS_STREAM="NLS_BENCH_${tag}" NLS_NATS_PREFIX="nlsbench${tag}"
SERVER=""
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  psql -X -q "$server/postgres" -c "drop database if exists \"nls_$tag\" with (force)" >/dev/null 2>&1 || true
  "$NLS" stream delete "$NLS_NATS_STREAM" >/dev/null 2>&1 || true
}
trap cleanup EXIT

"$NLS" migrate >/dev/null
ACC=$("$NLS" account create --name Bench --email "bench-$tag@example.com" --plan business)
KEY=$("$NLS" key create --account "$ACC" 2>/dev/null)
NLS_RATE_LIMIT_PER_MINUTE=1000000000 "$NLS" serve --listen 127.0.0.1:18080 >"/tmp/nls-$tag.log" 2>&1 &
SERVER=$!
for _ in $(seq 100); do curl -sf http://127.0.0.1:18080/healthz >/dev/null && break; sleep 0.1; done

q() { psql -X -q -At -F ' | ' "$DATABASE_URL" -c "$1"; }
statements=$(q "select count(*) from pg_extension where extname = 'pg_stat_statements'" 2>/dev/null || echo 0)
if [ "$statements" = 0 ] && psql -X -q -At "$server/postgres" -c "show shared_preload_libraries" | grep -q pg_stat_statements; then
  q "create extension pg_stat_statements" >/dev/null && statements=1
fi
q "select pg_stat_reset()" >/dev/null
[ "$statements" = 1 ] && q "select pg_stat_statements_reset()" >/dev/null
q "checkpoint" >/dev/null
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
  data=$(q "show data_directory")
  major=$(q "show server_version_num")
  echo "-- WAL records of the run (pg_waldump --stats=record)"
  "/usr/lib/postgresql/$((major / 10000))/bin/pg_waldump" -p "$data/pg_wal" -s "$lsn0" -e "$lsn1" --stats=record
fi
