#!/usr/bin/env bash
# Postgres and NATS (JetStream) for NLS: find running ones, or install and start
# project-local instances whose data lives in the repository's .nls/ folder.
#
# Run:    bash scripts/services.sh ensure   # prints DATABASE_URL=... and NATS_URL=... on stdout
#         bash scripts/services.sh status   # what is running where
#         bash scripts/services.sh stop     # stops the project-local instances (data kept)
#         bash scripts/services.sh purge    # stops them and deletes their data
#         bash scripts/services.sh nats-bin # installs nats-server if missing, prints its path
#         bash scripts/services.sh apt-install PKG...  # Debian packages, no prompts (see apt_install)
#         bash scripts/services.sh script-fonts   # the label renderer's script fonts (see below)
# Source: source scripts/services.sh && nls_ensure_services   # sets and exports both URLs
#
# Order of preference for each service:
#   1. DATABASE_URL / NATS_URL from the environment (only checked for reachability);
#   2. a project-local instance started earlier (pid files under .nls/);
#   3. a server already listening on 127.0.0.1:5432 / :4222 (Postgres must accept
#      postgres@127.0.0.1 without a password; NATS must have JetStream);
#   4. install the Debian packages if needed and start a project-local instance.
#
# Knobs (all optional):
#   NLS_FORCE_LOCAL=1     skip step 3: always use/start project-local instances
#   NLS_PG_PORT, NLS_NATS_PORT   preferred ports for project-local instances
#                         (default 5432 / 4222; the next free port is taken if busy)
#   NLS_SYSTEM_PG_PORT, NLS_SYSTEM_NATS_PORT   where step 3 looks (default 5432 / 4222)
#   NLS_DB_NAME           database put in the printed DATABASE_URL (default nls)
#   NLS_STATE_DIR         where project-local data lives (default <repo>/.nls)
#   NLS_WAIT_SECS         how long to wait for a server to become ready (default 60)
#   NLS_PG_BINDIR         directory holding initdb/pg_ctl (default newest /usr/lib/postgresql/*/bin)
#   NLS_NATS_SERVER_BIN   nats-server binary to use

_NLS_SERVICES_SH="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")"

# --- functions for callers that source this file -------------------------------------
# The work happens in a child bash so that its `set -e` and `exit` on error cannot touch
# the caller's shell; only the two URLs come back.

nls_ensure_services() {
    local out line
    out="$(DATABASE_URL="${DATABASE_URL-}" NATS_URL="${NATS_URL-}" bash "$_NLS_SERVICES_SH" ensure)" || return
    while IFS= read -r line; do
        case "$line" in
            DATABASE_URL=* | NATS_URL=*) export "${line?}" ;;
        esac
    done <<<"$out"
}

nls_stop_services() {
    bash "$_NLS_SERVICES_SH" stop
}

# Sourced: define the functions above and nothing else (no shell options changed).
if [[ "${BASH_SOURCE[0]}" != "$0" ]]; then
    return 0
fi

# --- everything below runs only when executed ----------------------------------------
set -euo pipefail

ROOT="$(cd "$(dirname "$_NLS_SERVICES_SH")/.." && pwd)"
STATE="${NLS_STATE_DIR:-$ROOT/.nls}"
WAIT_SECS="${NLS_WAIT_SECS:-60}"
DB_NAME="${NLS_DB_NAME:-nls}"
FORCE_LOCAL="${NLS_FORCE_LOCAL:-0}"
# Where to look for already-running servers (step 3 above).
SYS_PG_PORT="${NLS_SYSTEM_PG_PORT:-5432}"
SYS_NATS_PORT="${NLS_SYSTEM_NATS_PORT:-4222}"
[[ "$FORCE_LOCAL" == 1 || "$FORCE_LOCAL" == true ]] && FORCE_LOCAL=1 || FORCE_LOCAL=0

# Project-local layout. Postgres files live in their own folder because, when we run as
# root, that folder belongs to the `postgres` system user (initdb refuses to run as root).
PG_DIR="$STATE/pg"            # may be a symlink, see pg_base
NATS_STORE="$STATE/nats"      # JetStream store (-sd)
NATS_PID="$STATE/nats.pid"
NATS_LOG="$STATE/nats.log"
NATS_PORT_FILE="$STATE/nats.port"

log() { printf 'nls: %s\n' "$*" >&2; }
die() { printf 'nls: error: %s\n' "$*" >&2; exit 1; }

is_root() { [[ "$(id -u)" == 0 ]]; }

# --- small network helpers -------------------------------------------------------------

# True when something accepts TCP connections on host:port. bash's /dev/tcp needs no
# extra tools; `timeout` keeps a filtered port from stalling us.
tcp_open() {
    # shellcheck disable=SC2016 # $0/$1 expand in the inner bash
    timeout 3 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$1" "$2" 2>/dev/null
}

# First free port on 127.0.0.1 at or after $1.
free_port() {
    local p="$1" last=$(($1 + 100))
    while ((p <= last)); do
        if ! tcp_open 127.0.0.1 "$p"; then
            echo "$p"
            return 0
        fi
        p=$((p + 1))
    done
    die "no free port in $1..$last on 127.0.0.1"
}

# The INFO line a NATS server sends on connect, or nothing.
nats_info() {
    # shellcheck disable=SC2016 # $0/$1 expand in the inner bash
    timeout 3 bash -c 'exec 3<>"/dev/tcp/$0/$1" && IFS= read -r line <&3 && printf "%s\n" "$line"' "$1" "$2" 2>/dev/null || true
}

nats_has_jetstream() {
    local info
    info="$(nats_info "$1" "$2")"
    [[ "$info" == INFO* && "$info" == *'"jetstream":true'* ]]
}

# host and port of the first server in a NATS URL ("nats://u:p@h:4222,nats://...").
nats_url_hostport() {
    local u="${1%%,*}"
    u="${u#*://}"
    u="${u##*@}"
    u="${u%%/*}"
    local host="${u%:*}" port="${u##*:}"
    [[ "$u" == *:* && "$port" =~ ^[0-9]+$ ]] || { host="$u"; port=4222; }
    host="${host#[}"; host="${host%]}"
    echo "${host:-127.0.0.1} $port"
}

# host and port of a postgres URL, for when pg_isready is not installed.
pg_url_hostport() {
    local u="${1#*://}"
    u="${u%%/*}"
    u="${u%%\?*}"
    u="${u##*@}"
    local host="${u%:*}" port="${u##*:}"
    [[ "$u" == *:* && "$port" =~ ^[0-9]+$ ]] || { host="$u"; port=5432; }
    host="${host#[}"; host="${host%]}"
    echo "${host:-localhost} $port"
}

# --- packages ----------------------------------------------------------------------------

APT_UPDATED=0

# Installs Debian packages without ever prompting (CI has no TTY), with sudo when not root.
apt_install() {
    command -v apt-get >/dev/null || die "need $* but apt-get is not available; install them yourself"
    local sudo=()
    if ! is_root; then
        command -v sudo >/dev/null || die "need $* installed; run as root or install sudo"
        # Without a TTY sudo cannot ask for a password: fail at once instead of hanging.
        if [[ -t 0 ]]; then sudo=(sudo); else sudo=(sudo -n); fi
    fi
    local apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -y -q
        -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
    if ((APT_UPDATED == 0)); then
        log "apt-get update"
        "${apt[@]}" update >&2 || die "apt-get update failed"
        APT_UPDATED=1
    fi
    log "installing Debian packages: $*"
    "${apt[@]}" install --no-install-recommends "$@" >&2 || die "apt-get install $* failed"
}

# --- Postgres ----------------------------------------------------------------------------

pg_bindir() {
    if [[ -n "${NLS_PG_BINDIR:-}" ]]; then
        echo "$NLS_PG_BINDIR"
        return 0
    fi
    local d
    # Debian keeps initdb/pg_ctl off PATH, one directory per major version: take the newest.
    # shellcheck disable=SC2012 # version-numbered folders only
    d="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
    if [[ -n "$d" && -x "$d/initdb" && -x "$d/pg_ctl" ]]; then
        echo "$d"
        return 0
    fi
    d="$(command -v initdb 2>/dev/null || true)"
    [[ -n "$d" ]] && dirname "$d"
}

# Accepting connections, and (when psql is there) letting postgres@ in without a password:
# the URLs we hand out carry no password, and Debian's own cluster asks for one over TCP.
pg_usable() {
    local host="$1" port="$2"
    if command -v pg_isready >/dev/null; then
        pg_isready -q -h "$host" -p "$port" -t 3 || return 1
    else
        tcp_open "$host" "$port" || return 1
    fi
    if command -v psql >/dev/null; then
        if ! PGCONNECT_TIMEOUT=5 psql -X -w -q -h "$host" -p "$port" -U postgres -d postgres \
            -Atc 'select 1' >/dev/null 2>&1; then
            log "Postgres on $host:$port does not let postgres@$host in without a password; not using it"
            return 1
        fi
    fi
    return 0
}

# Where the project-local cluster lives. Normally .nls/pg; but when we are root and the
# `postgres` user cannot reach the repository (e.g. it sits under /root), it goes to a
# folder in postgres's home and .nls/pg becomes a symlink to it.
pg_base() {
    if [[ -L "$PG_DIR" ]]; then
        readlink -f "$PG_DIR"
    else
        echo "$PG_DIR"
    fi
}

# Runs a command as the owner of the cluster folder (postgres refuses to run as root).
as_pg_owner() {
    local owner
    owner="$(stat -c %U "$(pg_base)")"
    if [[ "$owner" == "$(id -un)" ]]; then
        "$@"
    elif is_root; then
        if command -v runuser >/dev/null; then
            runuser -u "$owner" -- "$@"
        else
            su "$owner" -s /bin/sh -c "$(printf '%q ' "$@")"
        fi
    else
        sudo -n -u "$owner" -- "$@"
    fi
}

# Port of the running project-local postmaster, or failure. postmaster.pid line 4 is the port.
local_pg_port() {
    local base bindir
    base="$(pg_base)"
    [[ -f "$base/data/PG_VERSION" ]] || return 1
    bindir="$(pg_bindir)" || return 1
    [[ -n "$bindir" ]] || return 1
    as_pg_owner "$bindir/pg_ctl" -D "$base/data" status >/dev/null 2>&1 || return 1
    sed -n 4p "$base/data/postmaster.pid"
}

# Creates the folder for the cluster with the right owner.
pg_prepare_dir() {
    mkdir -p "$STATE"
    # postgres (when we are root) must be able to traverse .nls/ to reach its data.
    chmod 755 "$STATE"
    [[ -e "$PG_DIR" ]] && return 0
    mkdir -p "$PG_DIR"
    if is_root; then
        id postgres >/dev/null 2>&1 || die "the 'postgres' system user does not exist (is the postgresql package installed?)"
        chown postgres:postgres "$PG_DIR"
        if ! runuser -u postgres -- test -w "$PG_DIR" 2>/dev/null; then
            local home alt
            home="$(getent passwd postgres | cut -d: -f6)"
            alt="${home:-/var/lib/postgresql}/nls-$(printf '%s' "$STATE" | cksum | cut -d' ' -f1)"
            log "user postgres cannot reach $PG_DIR; keeping the cluster in $alt (linked from $PG_DIR)"
            rmdir "$PG_DIR"
            mkdir -p "$alt"
            chown postgres:postgres "$alt"
            ln -s "$alt" "$PG_DIR"
        fi
    fi
}

start_local_pg() {
    local bindir base port sockdir
    bindir="$(pg_bindir)"
    [[ -n "$bindir" ]] || die "initdb/pg_ctl not found (looked in /usr/lib/postgresql/*/bin and PATH)"
    pg_prepare_dir
    base="$(pg_base)"
    if [[ ! -f "$base/data/PG_VERSION" ]]; then
        log "creating project-local Postgres cluster in $base/data"
        # trust auth: the cluster listens on 127.0.0.1 only and holds development data;
        # superuser `postgres` whatever OS user runs it, so the URL is the same everywhere.
        as_pg_owner "$bindir/initdb" -D "$base/data" -U postgres --auth=trust \
            -E UTF8 --locale=C >"$base/initdb.log" 2>&1 ||
            die "initdb failed; see $base/initdb.log"
    fi
    # Unix sockets have a ~107-byte path limit; fall back to /tmp for deep checkouts.
    sockdir="$base/run"
    if ((${#sockdir} > 90)); then
        sockdir="/tmp/nls-pg-$(printf '%s' "$ROOT" | cksum | cut -d' ' -f1)"
    fi
    as_pg_owner mkdir -p "$sockdir"
    port="$(free_port "${NLS_PG_PORT:-5432}")"
    log "starting project-local Postgres on 127.0.0.1:$port (log: $base/postgres.log)"
    # pg_ctl -w waits for readiness itself; postmaster runs in its own session, so Ctrl-C
    # in the calling terminal does not stop it.
    as_pg_owner "$bindir/pg_ctl" -D "$base/data" -l "$base/postgres.log" -w -t "$WAIT_SECS" \
        -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$sockdir" \
        start >&2 || die "Postgres did not start within ${WAIT_SECS}s; see $base/postgres.log"
    wait_pg 127.0.0.1 "$port" || die "Postgres on 127.0.0.1:$port not ready after ${WAIT_SECS}s; see $base/postgres.log"
    PG_PORT="$port"
}

wait_pg() {
    local deadline=$((SECONDS + WAIT_SECS))
    until pg_usable "$1" "$2" 2>/dev/null; do
        ((SECONDS < deadline)) || return 1
        sleep 0.5
    done
}

# Sets DB_URL.
ensure_postgres() {
    if [[ -n "${DATABASE_URL:-}" ]]; then
        local ok=0 host port
        if command -v pg_isready >/dev/null; then
            pg_isready -q -d "$DATABASE_URL" -t 5 && ok=1
        else
            read -r host port < <(pg_url_hostport "$DATABASE_URL")
            tcp_open "$host" "$port" && ok=1
        fi
        ((ok)) || die "DATABASE_URL is set but its Postgres server is not reachable: ${DATABASE_URL%%\?*}
     (unset DATABASE_URL to let this script find or start one)"
        log "Postgres: using DATABASE_URL from the environment"
        DB_URL="$DATABASE_URL"
        return 0
    fi

    local port
    if port="$(local_pg_port 2>/dev/null)" && [[ -n "$port" ]]; then
        log "Postgres: reusing project-local instance on 127.0.0.1:$port"
    elif ((FORCE_LOCAL == 0)) && pg_usable 127.0.0.1 "$SYS_PG_PORT"; then
        port="$SYS_PG_PORT"
        log "Postgres: using the server on 127.0.0.1:$SYS_PG_PORT"
    else
        port=""
        if [[ -z "$(pg_bindir)" ]]; then
            apt_install postgresql
            # The package may have created and started a cluster on 5432 (systemd hosts).
            # We use it only if it lets postgres@127.0.0.1 in without a password, which
            # Debian's default pg_hba.conf does not: then we start our own below.
            if ((FORCE_LOCAL == 0)) && pg_usable 127.0.0.1 "$SYS_PG_PORT" 2>/dev/null; then
                port="$SYS_PG_PORT"
                log "Postgres: using the server on 127.0.0.1:$SYS_PG_PORT"
            fi
        fi
        if [[ -z "${port:-}" ]]; then
            start_local_pg
            port="$PG_PORT"
        fi
    fi
    DB_URL="postgres://postgres@127.0.0.1:$port/$DB_NAME"
}

# --- NATS --------------------------------------------------------------------------------

# Path of nats-server, or nothing. /usr/sbin is not on a normal user's PATH on Debian.
nats_bin() {
    local c
    for c in "${NLS_NATS_SERVER_BIN:-}" "$(command -v nats-server 2>/dev/null || true)" \
        /usr/sbin/nats-server /usr/local/bin/nats-server; do
        if [[ -n "$c" && -x "$c" ]]; then
            echo "$c"
            return 0
        fi
    done
    return 1
}

ensure_nats_bin() {
    nats_bin && return 0
    apt_install nats-server
    nats_bin || die "nats-server still not found after installing the Debian package"
}

# pid of the project-local nats-server if it is alive (and really nats-server).
local_nats_pid() {
    [[ -f "$NATS_PID" ]] || return 1
    local pid
    pid="$(tr -dc 0-9 <"$NATS_PID")"
    [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || return 1
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q nats-server || return 1
    echo "$pid"
}

local_nats_port() {
    local_nats_pid >/dev/null || return 1
    [[ -f "$NATS_PORT_FILE" ]] || return 1
    local port
    port="$(tr -dc 0-9 <"$NATS_PORT_FILE")"
    nats_has_jetstream 127.0.0.1 "$port" || return 1
    echo "$port"
}

start_local_nats() {
    local bin port pid
    # Not inside $(...): apt_install must remember in this shell that it ran apt-get update.
    ensure_nats_bin >/dev/null
    bin="$(nats_bin)"
    mkdir -p "$NATS_STORE"
    port="$(free_port "${NLS_NATS_PORT:-4222}")"
    log "starting project-local NATS (JetStream) on 127.0.0.1:$port (log: $NATS_LOG)"
    # setsid + closed stdio: the server outlives this script, is not hit by Ctrl-C in the
    # calling terminal, and does not hold a caller's $(...) pipe open.
    rm -f "$NATS_PID"
    setsid "$bin" -js -a 127.0.0.1 -p "$port" -sd "$NATS_STORE" -P "$NATS_PID" \
        >>"$NATS_LOG" 2>&1 </dev/null &
    pid=$!
    echo "$port" >"$NATS_PORT_FILE"
    local started=$SECONDS deadline=$((SECONDS + WAIT_SECS))
    until nats_has_jetstream 127.0.0.1 "$port"; do
        # $! is nats-server itself unless setsid had to fork (only under job control),
        # so a dead $! counts only once the server's own pid file shows no live process.
        if ! kill -0 "$pid" 2>/dev/null && ! local_nats_pid >/dev/null && ((SECONDS - started >= 3)); then
            die "nats-server exited during startup; see $NATS_LOG"
        fi
        ((SECONDS < deadline)) || die "NATS on 127.0.0.1:$port not ready after ${WAIT_SECS}s; see $NATS_LOG"
        sleep 0.2
    done
    # nats-server writes the pid file itself; write it too in case it lags behind.
    [[ -s "$NATS_PID" ]] || echo "$pid" >"$NATS_PID"
    NATS_LOCAL_PORT="$port"
}

# Sets NATS_URL_OUT.
ensure_nats() {
    if [[ -n "${NATS_URL:-}" ]]; then
        local host port info
        read -r host port < <(nats_url_hostport "$NATS_URL")
        info="$(nats_info "$host" "$port")"
        [[ "$info" == INFO* ]] || die "NATS_URL is set but no NATS server answers at $host:$port
     (unset NATS_URL to let this script find or start one)"
        [[ "$info" == *'"jetstream":true'* ]] ||
            log "warning: the NATS server at $host:$port does not announce JetStream; NLS needs it"
        log "NATS: using NATS_URL from the environment"
        NATS_URL_OUT="$NATS_URL"
        return 0
    fi

    local port
    if port="$(local_nats_port)"; then
        log "NATS: reusing project-local instance on 127.0.0.1:$port"
    elif ((FORCE_LOCAL == 0)) && nats_has_jetstream 127.0.0.1 "$SYS_NATS_PORT"; then
        port="$SYS_NATS_PORT"
        log "NATS: using the server on 127.0.0.1:$SYS_NATS_PORT"
    else
        if ((FORCE_LOCAL == 0)) && [[ "$(nats_info 127.0.0.1 "$SYS_NATS_PORT")" == INFO* ]]; then
            log "NATS on 127.0.0.1:$SYS_NATS_PORT has no JetStream; starting a project-local one on another port"
        fi
        start_local_nats
        port="$NATS_LOCAL_PORT"
    fi
    NATS_URL_OUT="nats://127.0.0.1:$port"
}

# --- commands ------------------------------------------------------------------------------

cmd_ensure() {
    ensure_postgres
    ensure_nats
    printf 'DATABASE_URL=%s\nNATS_URL=%s\n' "$DB_URL" "$NATS_URL_OUT"
}

cmd_status() {
    local port pid
    if port="$(local_pg_port 2>/dev/null)"; then
        log "project-local Postgres: running on 127.0.0.1:$port ($(pg_base)/data)"
    else
        log "project-local Postgres: not running"
    fi
    if pid="$(local_nats_pid)"; then
        log "project-local NATS: running, pid $pid, port $(cat "$NATS_PORT_FILE" 2>/dev/null || echo '?')"
    else
        log "project-local NATS: not running"
    fi
    command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p "$SYS_PG_PORT" -t 2 &&
        log "a Postgres server listens on 127.0.0.1:$SYS_PG_PORT"
    if [[ "$(nats_info 127.0.0.1 "$SYS_NATS_PORT")" == INFO* ]]; then
        log "a NATS server listens on 127.0.0.1:$SYS_NATS_PORT (JetStream: $(nats_has_jetstream 127.0.0.1 "$SYS_NATS_PORT" && echo yes || echo no))"
    fi
    return 0
}

cmd_stop() {
    local base bindir pid
    base="$(pg_base)"
    if local_pg_port >/dev/null 2>&1; then
        bindir="$(pg_bindir)"
        log "stopping project-local Postgres"
        as_pg_owner "$bindir/pg_ctl" -D "$base/data" -m fast -w -t "$WAIT_SECS" stop >&2 ||
            die "pg_ctl stop failed; see $base/postgres.log"
    else
        log "project-local Postgres is not running"
    fi
    if pid="$(local_nats_pid)"; then
        log "stopping project-local NATS (pid $pid)"
        kill -TERM "$pid"
        local deadline=$((SECONDS + 15))
        while kill -0 "$pid" 2>/dev/null; do
            if ((SECONDS >= deadline)); then
                log "NATS did not stop in 15s; killing it"
                kill -KILL "$pid" 2>/dev/null || true
                break
            fi
            sleep 0.2
        done
        rm -f "$NATS_PID"
    else
        log "project-local NATS is not running"
    fi
}

cmd_purge() {
    cmd_stop
    local base
    base="$(pg_base)"
    log "deleting project-local data: $base $NATS_STORE"
    rm -rf "$base"
    [[ -L "$PG_DIR" ]] && rm -f "$PG_DIR"
    rm -rf "$NATS_STORE" "$NATS_LOG" "$NATS_PORT_FILE" "$NATS_PID"
}

case "${1:-ensure}" in
    ensure) cmd_ensure ;;
    status) cmd_status ;;
    stop) cmd_stop ;;
    purge) cmd_purge ;;
    nats-bin) ensure_nats_bin ;;
    script-fonts)
        # Arabic, Hebrew, Thai (fonts-noto-core), Chinese and Japanese (fonts-droid-fallback)
        # and Korean (fonts-nanum): renderer/src/draw/script_fonts.rs reads them at start-up.
        # A directory named by NLS_SCRIPT_FONT_DIR replaces the packages.
        if [[ -z "${NLS_SCRIPT_FONT_DIR:-}" ]]; then
            pkgs=()
            [[ -f /usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf ]] || pkgs+=(fonts-noto-core)
            [[ -f /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf ]] || pkgs+=(fonts-droid-fallback)
            [[ -f /usr/share/fonts/truetype/nanum/NanumGothic.ttf ]] || pkgs+=(fonts-nanum)
            if ((${#pkgs[@]})); then
                apt_install "${pkgs[@]}"
            fi
        fi
        ;;
    apt-install)
        shift
        (($#)) || die "apt-install: name the packages"
        apt_install "$@"
        ;;
    -h | --help | help) sed -n '2,/^$/p' "$_NLS_SERVICES_SH" | sed 's/^# \{0,1\}//' ;;
    *) die "unknown command '$1' (ensure|status|stop|purge|nats-bin|apt-install|script-fonts)" ;;
esac
