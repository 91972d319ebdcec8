#!/usr/bin/env bash
# A live `nls serve` for tests that talk to the service from outside (scripts/contract.sh,
# scripts/clients.sh): a fresh database and JetStream stream of its own, a Business
# account with one API key, servers on free loopback ports. Source it, then:
#
#   nls_live_setup TAG             # builds nls; sets NLS_LIVE_ACCOUNT and NLS_LIVE_KEY; the database nls_TAG_<time>_<pid>
#   trap nls_live_cleanup EXIT     # stops the servers, drops the database
#   VAR=value nls_live_serve LOG [PORT]   # a server (with VAR set); sets NLS_LIVE_URL
#
# nls_live_serve may be called several times: every server shares the database, stream
# and key, each with its own settings (e.g. a low rate limit). Needs DATABASE_URL and
# NATS_URL (scripts/services.sh nls_ensure_services). Defining functions only.

_NLS_LIVE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NLS_LIVE_PIDS=()

nls_live_setup() {
    local tag="$1_$(date +%s)_$$"
    (cd "$_NLS_LIVE_ROOT" && cargo build -q --bin nls) || return
    NLS_LIVE_BIN="$_NLS_LIVE_ROOT/target/debug/nls"
    _NLS_LIVE_SERVER="${DATABASE_URL%/*}"
    _NLS_LIVE_DB="nls_$tag"
    export DATABASE_URL="$_NLS_LIVE_SERVER/$_NLS_LIVE_DB"
    export NLS_NATS_STREAM="NLS_LIVE_$tag" NLS_NATS_PREFIX="nlslive$tag"
    mkdir -p "$_NLS_LIVE_ROOT/.nls"
    "$NLS_LIVE_BIN" migrate 2>/dev/null || return
    NLS_LIVE_ACCOUNT=$("$NLS_LIVE_BIN" account create --name "Live $1" --email "live-$tag@example.com" --plan business 2>/dev/null) || return
    NLS_LIVE_KEY=$("$NLS_LIVE_BIN" key create --account "$NLS_LIVE_ACCOUNT" 2>/dev/null) || return
    # Webhooks need a sealing key for their secrets; every server must share it.
    NLS_LIVE_WEBHOOK_KEY="$(head -c 32 /dev/urandom | base64)"
}

nls_live_serve() {
    local log="$1" port="${2:-}"
    if [[ -z "$port" ]]; then
        port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    fi
    NLS_WEBHOOK_KEY="$NLS_LIVE_WEBHOOK_KEY" "$NLS_LIVE_BIN" serve --listen "127.0.0.1:$port" >"$log" 2>&1 &
    local pid=$!
    NLS_LIVE_PIDS+=("$pid")
    for _ in $(seq 300); do
        curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if ! curl -sf "http://127.0.0.1:$port/healthz" >/dev/null; then
        printf 'nls: server did not start (port %s busy?); its log: %s\n' "$port" "$log" >&2
        return 1
    fi
    NLS_LIVE_URL="http://127.0.0.1:$port"
}

nls_live_cleanup() {
    local pid
    for pid in "${NLS_LIVE_PIDS[@]}"; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    NLS_LIVE_PIDS=()
    if [[ -n "${_NLS_LIVE_DB:-}" ]]; then
        psql "$_NLS_LIVE_SERVER/postgres" -qAtc "drop database if exists $_NLS_LIVE_DB with (force)" >/dev/null 2>&1 || true
        "$NLS_LIVE_BIN" stream delete "$NLS_NATS_STREAM" >/dev/null 2>&1 || true
    fi
}
