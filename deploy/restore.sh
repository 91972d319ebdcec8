#!/usr/bin/env bash
# Restores a backup made by deploy/backup.sh into an EMPTY database: the source of truth
# only (the event log, accounts, hashed API keys, idempotency keys), with the schema of
# the binary at hand from `nls migrate`; then `nls replay` rebuilds every read model from
# the log and prints its checksum, which equals `nls replay`'s on the source. Label files
# are redrawn by the renderer as they are asked for.
#
#   DATABASE_URL=postgres://.../nls_restored NLS_BIN=/usr/local/bin/nls bash deploy/restore.sh FILE
#
# Stop every nls process that uses the target database first; start them afterwards.
#
# Why the events are re-stamped: readers follow the log in (txid, position) order and a
# restored database may sit on another Postgres cluster whose transaction ids are lower
# than the backup's. Events written after the restore would then sort before the restored
# ones and be skipped. So every restored event takes the restoring transaction's id and
# keeps its position. Position order keeps each stream's order: a stream's next version
# is inserted only after its previous one committed, so it always draws a higher position.
set -euo pipefail

die() { printf 'nls restore: error: %s\n' "$*" >&2; exit 1; }

file="${1:-}"
[[ -n "$file" && -f "$file" ]] || die "usage: DATABASE_URL=... $0 FILE"
[[ -n "${DATABASE_URL:-}" ]] || die "DATABASE_URL is not set"
for tool in pg_restore psql; do
    command -v "$tool" >/dev/null || die "$tool not found (Debian: apt-get install postgresql-client)"
done
nls="${NLS_BIN:-nls}"
command -v "$nls" >/dev/null || die "nls binary not found (set NLS_BIN)"
# Read whole before matching: `grep -q` would stop early and, under pipefail, fail the
# pipeline on pg_restore's broken pipe.
contents="$(pg_restore --list "$file")" || die "$file is not a pg_dump archive"
grep -q 'TABLE DATA public event ' <<<"$contents" \
    || die "$file is not a backup of an NLS database (no event table)"

# Creates the database when missing and brings its schema to this binary's.
"$nls" migrate >&2

sql() { psql --no-psqlrc -X -q -v ON_ERROR_STOP=1 --dbname="$DATABASE_URL" "$@"; }

existing="$(sql -At -c 'select (select count(*) from public.event) + (select count(*) from public.account)')"
[[ "$existing" == 0 ]] || die "the target database is not empty ($existing events and accounts); restoring over live data would mix two histories"

# Accounts before their keys (foreign key), each table its own pg_restore. Also what the log
# cannot give back: the label each recipe version was given (label_version, issue 17 item
# 9: a replay by a newer engine could print otherwise) and the webhook endpoints with their
# delivery log (whose sources keep a republished event from being sent twice).
for table in account api_key idempotency_key label_version webhook_endpoint webhook_delivery webhook_attempt; do
    pg_restore --data-only --no-owner --no-privileges --single-transaction --exit-on-error \
        --table="$table" --dbname="$DATABASE_URL" "$file"
done

# The event log, through a staging table, in one transaction.
{
    echo 'create schema nls_restore;'
    echo 'create table nls_restore.event (like public.event);'
    # pg_restore writes `COPY public.event (...) FROM stdin;` then the rows; only that
    # line starts with COPY (a data row starts with its numeric position).
    pg_restore --data-only --no-owner --no-privileges --table=event --file=- "$file" \
        | sed -E 's/^COPY public\.event /COPY nls_restore.event /'
    cat <<'SQL'
insert into public.event (position, txid, event_id, stream_id, stream_version, event_type,
                          schema_version, payload, account_id, actor, occurred_at,
                          correlation_id, causation_id, request_id)
overriding system value
select position, pg_current_xact_id(), event_id, stream_id, stream_version, event_type,
       schema_version, payload, account_id, actor, occurred_at, correlation_id, causation_id,
       request_id
from nls_restore.event
order by position;
select setval(pg_get_serial_sequence('public.event', 'position'),
              (select coalesce(max(position), 0) + 1 from public.event), false);
drop schema nls_restore cascade;
SQL
} | sql --single-transaction >&2

"$nls" replay
