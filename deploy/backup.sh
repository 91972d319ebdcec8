#!/usr/bin/env bash
# Backs up an NLS database: a consistent snapshot (pg_dump runs in one repeatable-read
# transaction, so a backup taken while the service writes is still a valid log prefix).
#
#   DATABASE_URL=postgres://... bash deploy/backup.sh nls-2026-11-23.dump
#
# The dump (pg_dump's custom format, compressed) holds the whole database: the event log,
# which is the source of truth, the accounts and hashed API keys, and the read models and
# label files derived from the log. deploy/restore.sh restores it whole, or the log alone
# (--log-only) followed by a replay that rebuilds everything derived.
# NATS holds nothing that is not in Postgres and needs no backup.
set -euo pipefail

die() { printf 'nls backup: error: %s\n' "$*" >&2; exit 1; }

out="${1:-}"
[[ -n "$out" ]] || die "usage: DATABASE_URL=... $0 FILE"
[[ -n "${DATABASE_URL:-}" ]] || die "DATABASE_URL is not set"
command -v pg_dump >/dev/null || die "pg_dump not found (Debian: apt-get install postgresql-client)"

# Written beside the target and renamed, so a failed run never leaves a partial file
# under the name of a good backup.
tmp="$(mktemp "${out}.partial.XXXXXX")"
trap 'rm -f "$tmp"' EXIT
pg_dump --format=custom --compress=6 --no-owner --no-privileges \
    --file="$tmp" --dbname="$DATABASE_URL"
mv -f "$tmp" "$out"
trap - EXIT
contents="$(pg_restore --list "$out")"
grep -q 'TABLE DATA public event ' <<<"$contents" \
    || die "the dump has no event table; is DATABASE_URL an NLS database?"
printf 'nls backup: wrote %s (%s bytes)\n' "$out" "$(stat -c %s "$out")" >&2
