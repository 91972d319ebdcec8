#!/usr/bin/env bash
# Cost of the request-rate limiter (web/src/rate_limit.rs) per request:
#   1. GET /v1/recipes under wrk with the limiter on (limit overridden far above the load)
#      and off (NLS_RATE_LIMIT_DISABLED), at 16 and 64 connections: p50/p99 and req/s;
#   2. the limiter's statement alone under pgbench, 16 clients, one key (every update on
#      the same row: the per-key ceiling) and 1,000 keys (the service-wide ceiling).
# Fresh database and NATS stream; nothing else is touched.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
SECS="${NLS_BENCH_SECONDS:-5}"
source scripts/services.sh
nls_ensure_services
command -v wrk >/dev/null || { echo "wrk needed" >&2; exit 1; }

cargo build --release -q --bin nls
NLS="$ROOT/target/release/nls"
server="${DATABASE_URL%/*}"
tag="rlbench_$(date +%s)"
export DATABASE_URL="$server/nls_$tag"
export NLS_NATS_STREAM="NLS_BENCH_${tag}" NLS_NATS_PREFIX="nlsbench${tag}"
"$NLS" migrate 2>/dev/null
ACC=$("$NLS" account create --name Bench --email "bench-$tag@example.com" --plan business 2>/dev/null)
KEY=$("$NLS" key create --account "$ACC" 2>/dev/null)
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
ON_PORT=$(free_port); OFF_PORT=$(free_port)
PIDS=()
trap 'for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done; wait 2>/dev/null; psql "$server/postgres" -qAtc "drop database if exists nls_$tag with (force)" >/dev/null 2>&1 || true; "$NLS" stream delete "$NLS_NATS_STREAM" >/dev/null 2>&1 || echo "could not delete NATS stream $NLS_NATS_STREAM" >&2' EXIT
start() { # port, env...
    local port=$1; shift
    env "$@" "$NLS" serve --listen "127.0.0.1:$port" >>"/tmp/nls-$tag.log" 2>&1 &
    PIDS+=($!)
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
    kill -0 "${PIDS[-1]}" || { echo "server did not start (port $port busy?)" >&2; exit 1; }
}
# A few recipes, written by a full server that is then stopped.
start "$ON_PORT"
for i in 1 2 3 4 5; do
    curl -sf -o /dev/null -X POST "http://127.0.0.1:$ON_PORT/v1/recipes" -H "Authorization: Bearer $KEY" \
      -H 'Content-Type: application/json' \
      -d "{\"name\":\"Bench $i\",\"servings\":4,\"ingredients\":[{\"name\":\"milk\",\"grams\":300},{\"name\":\"egg\",\"grams\":100}]}"
done
sleep 1; kill "${PIDS[0]}"; wait "${PIDS[0]}" 2>/dev/null || true; PIDS=()
# Both variants run side by side (query role: no background work) on the same database;
# runs alternate to even out noise on a shared machine.
start "$ON_PORT" NLS_RATE_LIMIT_PER_MINUTE=1000000000 NLS_ROLE=query
start "$OFF_PORT" NLS_RATE_LIMIT_DISABLED=true NLS_ROLE=query
# GET /v1/foods/{id}: the key lookup plus an in-memory read, so the limiter is most of the
# database work; GET /v1/recipes adds a real query.
for path in /v1/foods/fooddb:171265 /v1/recipes; do
    for round in 1 2 3; do
        for mode in on off; do
            port=$ON_PORT; [[ $mode == off ]] && port=$OFF_PORT
            printf '%-28s limiter %-3s round %s c1:  ' "$path" "$mode" "$round"
            wrk -t1 -c1 -d"${SECS}s" --latency -H "Authorization: Bearer $KEY" "http://127.0.0.1:$port$path" \
              | awk '/^ +50%/{p50=$2} /^ +99%/{p99=$2} /Requests\/sec/{rps=$2} /Non-2xx/{bad=$0} END{print "p50", p50, "p99", p99, "req/s", rps, bad}'
        done
    done
    for mode in on off; do
        port=$ON_PORT; [[ $mode == off ]] && port=$OFF_PORT
        printf '%-28s limiter %-3s c16: ' "$path" "$mode"
        wrk -t2 -c16 -d"${SECS}s" --latency -H "Authorization: Bearer $KEY" "http://127.0.0.1:$port$path" \
          | awk '/^ +50%/{p50=$2} /^ +99%/{p99=$2} /Requests\/sec/{rps=$2} /Non-2xx/{bad=$0} END{print "p50", p50, "p99", p99, "req/s", rps, bad}'
    done
done
curl -s -D - -o /dev/null "http://127.0.0.1:$ON_PORT/v1/recipes" -H "Authorization: Bearer $KEY" | grep -i '^ratelimit-' | tr -d '\r'

echo "== the limiter statement alone (pgbench, 16 clients, ${SECS}s)"
KEY_ID=$(psql "$DATABASE_URL" -qAtc "select key_id from api_key limit 1")
cat >"/tmp/$tag-one.sql" <<SQL
with now as materialized (select clock_timestamp() as t)
insert into rate_limit as r (key_id, tat)
select '$KEY_ID'::uuid, now.t + interval '60 seconds' / 1000000000 from now
on conflict (key_id) do update
    set tat = greatest(r.tat + (excluded.tat - (select t from now)), excluded.tat)
    where greatest(r.tat + (excluded.tat - (select t from now)), excluded.tat) <= (select t from now) + interval '60 seconds'
returning tat;
SQL
sed "s/'$KEY_ID'::uuid/md5((random() * 999)::int::text)::uuid/" "/tmp/$tag-one.sql" >"/tmp/$tag-many.sql"
echo "-- per request, one client: the extractor's key lookup vs the limiter's lookup + count"
HASH=$(psql "$DATABASE_URL" -qAtc "select encode(key_hash, 'hex') from api_key limit 1")
cat >"/tmp/$tag-select.sql" <<SQL
select k.key_id, a.account_id, a.api_early_access, p.* from api_key k
join account a on a.account_id = k.account_id join plan p on p.plan_id = a.plan_id
where k.key_hash = '\\x$HASH'::bytea and k.revoked_at is null;
SQL
cat >"/tmp/$tag-both.sql" <<SQL
with caller as (
    select k.key_id, a.account_id, a.api_early_access, p.*,
           greatest(coalesce(1000000000::int4, p.rate_limit_per_minute), 1) as per_minute
    from api_key k join account a on a.account_id = k.account_id join plan p on p.plan_id = a.plan_id
    where k.key_hash = '\\x$HASH'::bytea and k.revoked_at is null),
now as materialized (select clock_timestamp() as t),
advanced as (
    insert into rate_limit as r (key_id, tat)
    select c.key_id, now.t + interval '60 seconds' / c.per_minute from caller c, now
    on conflict (key_id) do update
        set tat = greatest(r.tat + (excluded.tat - (select t from now)), excluded.tat)
        where greatest(r.tat + (excluded.tat - (select t from now)), excluded.tat) <= (select t from now) + interval '60 seconds'
    returning r.key_id, r.tat)
select c.*, extract(epoch from (a.tat - now.t))::float8 as ahead
from caller c cross join now left join advanced a on a.key_id = c.key_id;
SQL
for round in 1 2 3; do
    for f in select both; do
        printf '  %-6s round %s: ' "$f" "$round"
        pgbench -n -M prepared -c 1 -T "$SECS" -f "/tmp/$tag-$f.sql" "$DATABASE_URL" 2>&1 | grep -E "latency average" | tr -d '\n'; echo
    done
done
rm -f "/tmp/$tag-select.sql" "/tmp/$tag-both.sql"
echo "-- one key (all updates on one row)"
pgbench -n -c 16 -j 2 -T "$SECS" -f "/tmp/$tag-one.sql" "$DATABASE_URL" 2>&1 | grep -E "^tps|latency average"
echo "-- 1,000 keys"
pgbench -n -c 16 -j 2 -T "$SECS" -f "/tmp/$tag-many.sql" "$DATABASE_URL" 2>&1 | grep -E "^tps|latency average"
rm -f "/tmp/$tag-one.sql" "/tmp/$tag-many.sql"
