#!/usr/bin/env bash
# Runs NLS locally with a ready-to-use demo account:
#   Postgres + NATS (scripts/services.sh) -> release build -> the app's build
#   (scripts/build-app.sh, served at /app) -> migrate -> demo account
#   and API key -> usage notes -> `nls serve` in the foreground (Ctrl-C stops it; the
#   databases keep running, `bash scripts/services.sh stop` stops project-local ones).
#
# Extra arguments go to `nls serve`. Env: DATABASE_URL, NATS_URL (else found or started),
# NLS_LISTEN (default 127.0.0.1:8080, or the next free port), NLS_PUBLIC_URL.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STATE="${NLS_STATE_DIR:-$ROOT/.nls}"
cd "$ROOT"

DEMO_NAME="Demo Kitchen"
DEMO_EMAIL="demo@example.com"
DEMO_PASSWORD="demo-password"
# The demo account's id and key are remembered per database: a key from another
# database (or a wiped one) is useless, so these files are ignored when DATABASE_URL changes.
DEMO_ACCOUNT_FILE="$STATE/demo-account"
DEMO_KEY_FILE="$STATE/demo-key"
DEMO_DB_FILE="$STATE/demo-db"

log() { printf 'nls: %s\n' "$*" >&2; }
die() { printf 'nls: error: %s\n' "$*" >&2; exit 1; }

ensure_services() {
    # shellcheck source=scripts/services.sh
    source "$ROOT/scripts/services.sh"
    nls_ensure_services || die "could not get Postgres and NATS running (see messages above)"
    # Labels in Arabic, Hebrew, Thai, Chinese, Japanese and Korean need these fonts.
    bash "$ROOT/scripts/services.sh" script-fonts || die "could not install the script fonts"
    log "DATABASE_URL=$(redact "$DATABASE_URL")"
    log "NATS_URL=$(redact "$NATS_URL")"
}

# URL without its password, for printing.
redact() { sed -E 's#(://[^:/@]+):[^@/]*@#\1:***@#g' <<<"$1"; }

build() {
    command -v cargo >/dev/null || die "cargo not found; install Rust (https://rustup.rs)"
    log "building nls (release)"
    cargo build --release -p nls --bin nls
    local target="${CARGO_TARGET_DIR:-$ROOT/target}"
    [[ "$target" == /* ]] || target="$ROOT/$target"
    NLS_BIN="$target/release/nls"
    [[ -x "$NLS_BIN" ]] || die "build finished but $NLS_BIN is missing"
}

# 127.0.0.1:8080 unless something already listens there: then the next free port, so a
# second copy or another service does not make `serve` fail to bind.
pick_listen() {
    if [[ -n "${NLS_LISTEN:-}" ]]; then
        return 0
    fi
    local port=8080
    # shellcheck disable=SC2016 # $0 expands in the inner bash
    while timeout 2 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$0"' "$port" 2>/dev/null; do
        port=$((port + 1))
        ((port < 8180)) || die "no free port in 8080..8179; set NLS_LISTEN"
    done
    ((port == 8080)) || log "127.0.0.1:8080 is busy; listening on 127.0.0.1:$port"
    export NLS_LISTEN="127.0.0.1:$port"
}

# psql against DATABASE_URL, reading SQL (with :'var' substitutions) from stdin.
# Fails quietly when psql is missing or the query fails: callers then fall back.
sql() {
    command -v psql >/dev/null || return 1
    PGCONNECT_TIMEOUT=5 psql "$DATABASE_URL" -X -w -q -At -v ON_ERROR_STOP=1 "$@" 2>/dev/null
}

# Id of the demo account, or nothing. The database is the authority when psql can ask it;
# the saved file is the fallback.
find_demo_account() {
    local id
    if id="$(sql -v email="$DEMO_EMAIL" <<<"select account_id from account where lower(email) = lower(:'email');")"; then
        echo "$id"
    elif [[ -f "$DEMO_ACCOUNT_FILE" && "$(cat "$DEMO_DB_FILE" 2>/dev/null)" == "$DATABASE_URL" ]]; then
        cat "$DEMO_ACCOUNT_FILE"
    fi
}

# True when the saved key belongs to this account in this database and is not revoked.
# Keys are stored as SHA-256 digests (migrations/0002), so we can check without the server.
saved_key_valid() {
    local account="$1" key="$2" n
    [[ -n "$key" && "$(cat "$DEMO_DB_FILE" 2>/dev/null)" == "$DATABASE_URL" &&
        "$(cat "$DEMO_ACCOUNT_FILE" 2>/dev/null)" == "$account" ]] || return 1
    if n="$(sql -v key="$key" -v account="$account" <<<"
        select count(*) from api_key
        where key_hash = sha256(convert_to(:'key', 'UTF8'))
          and account_id = :'account'::uuid and revoked_at is null;")"; then
        [[ "$n" == 1 ]]
    else
        # Cannot check (no psql): trust the files, which match this database.
        return 0
    fi
}

save_demo_credentials() {
    mkdir -p "$STATE"
    # 0600: the key is a secret, even a demo one.
    (
        umask 077
        printf '%s\n' "$1" >"$DEMO_ACCOUNT_FILE"
        printf '%s\n' "$2" >"$DEMO_KEY_FILE"
        printf '%s\n' "$DATABASE_URL" >"$DEMO_DB_FILE"
    )
    chmod 600 "$DEMO_ACCOUNT_FILE" "$DEMO_KEY_FILE" "$DEMO_DB_FILE"
}

# Sets DEMO_ACCOUNT and DEMO_KEY.
ensure_demo_account() {
    DEMO_ACCOUNT="$(find_demo_account)"
    if [[ -z "$DEMO_ACCOUNT" ]]; then
        log "creating demo account $DEMO_EMAIL (business plan)"
        DEMO_ACCOUNT="$("$NLS_BIN" account create --name "$DEMO_NAME" --email "$DEMO_EMAIL" \
            --plan business --password "$DEMO_PASSWORD" --api-early-access)" ||
            die "could not create the demo account (if $DEMO_EMAIL already exists, install psql so it can be looked up, or use a fresh database)"
        DEMO_ACCOUNT="$(tail -n 1 <<<"$DEMO_ACCOUNT" | tr -d '[:space:]')"
    else
        log "reusing demo account $DEMO_EMAIL ($DEMO_ACCOUNT)"
    fi
    [[ -n "$DEMO_ACCOUNT" ]] || die "nls account create printed no account id"

    DEMO_KEY="$(cat "$DEMO_KEY_FILE" 2>/dev/null || true)"
    if saved_key_valid "$DEMO_ACCOUNT" "$DEMO_KEY"; then
        log "reusing the saved demo API key ($DEMO_KEY_FILE)"
    else
        log "creating an API key for the demo account"
        DEMO_KEY="$("$NLS_BIN" key create --account "$DEMO_ACCOUNT")" || die "nls key create failed"
        DEMO_KEY="$(tail -n 1 <<<"$DEMO_KEY" | tr -d '[:space:]')"
        [[ -n "$DEMO_KEY" ]] || die "nls key create printed no key"
    fi
    save_demo_credentials "$DEMO_ACCOUNT" "$DEMO_KEY"
}

print_usage() {
    local site="${NLS_PUBLIC_URL:-http://$NLS_LISTEN}"
    site="${site%/}"
    local base="$site/v1"
    cat <<EOF

==============================================================================
 NLS is starting on http://$NLS_LISTEN
   the app      $site/app   (sign in with the demo login below, or sign up)
   base URL     $base
   site URL     $site   (health: $site/healthz, embeds: $site/embed.js)
   demo login   $DEMO_EMAIL / $DEMO_PASSWORD   (business plan)
   API key      $DEMO_KEY
                (saved in $DEMO_KEY_FILE)

 Try it (in another terminal):

   export NLS_KEY='$DEMO_KEY'

   # 1. create a custom ingredient
   curl -s -X POST $base/ingredients \\
     -H "Authorization: Bearer \$NLS_KEY" -H 'Content-Type: application/json' \\
     -d '{"name":"Toasted almond flour","nutrients_per_100g":{"calories":590,"total_fat_g":52,"protein_g":21,"total_carbohydrate_g":22,"dietary_fiber_g":10},"allergens":["tree_nuts:almond"],"cost_per_unit":14.5,"unit":"kg"}'

   # 2. create a recipe (keeps its id in RECIPE_ID)
   RECIPE_ID=\$(curl -s -X POST $base/recipes \\
     -H "Authorization: Bearer \$NLS_KEY" -H 'Content-Type: application/json' \\
     -d '{"name":"Pancakes","servings":4,"ingredients":[{"name":"all-purpose flour","grams":250},{"name":"milk","grams":300},{"name":"egg","grams":100},{"name":"butter","grams":30}]}' \\
     | grep -o 'rcp_[A-Za-z0-9_-]*' | head -n 1); echo "\$RECIPE_ID"

   # 3. its label: as JSON (the "label" field), and as an SVG file
   curl -s $base/recipes/\$RECIPE_ID -H "Authorization: Bearer \$NLS_KEY"
   curl -s $base/recipes/\$RECIPE_ID/label.svg -H "Authorization: Bearer \$NLS_KEY" -o pancakes.svg

   # 4. analyze without saving (label + nutrient-content claims)
   curl -s -X POST $base/analyze \\
     -H "Authorization: Bearer \$NLS_KEY" -H 'Content-Type: application/json' \\
     -d '{"label_format":"standard","servings":2,"ingredients":[{"name":"rolled oats","grams":80},{"name":"banana","grams":240}]}'

   # 5. change the recipe, then read its history and its label as it was
   curl -s -X PUT $base/recipes/\$RECIPE_ID -H "Authorization: Bearer \$NLS_KEY" \\
     -H 'Content-Type: application/json' -d '{"servings":8}'
   curl -s $base/recipes/\$RECIPE_ID/history -H "Authorization: Bearer \$NLS_KEY"
   curl -s "$base/recipes/\$RECIPE_ID/label.png?version=1" -H "Authorization: Bearer \$NLS_KEY" -o pancakes-v1.png

 Operations: $site/readyz, $site/metrics (Prometheus), $site/docs (the API reference).
 Ctrl-C stops the service; 'bash scripts/services.sh stop' stops project-local databases.
==============================================================================

EOF
}

# Webhook signing secrets are stored encrypted under NLS_WEBHOOK_KEY (32 bytes, base64).
# Locally a key is made once and kept beside the demo state (git-ignored, mode 600): the
# endpoints written with it stay usable across restarts. Production sets its own.
ensure_webhook_key() {
    [[ -n "${NLS_WEBHOOK_KEY:-}" ]] && return
    local file="$STATE/webhook-key"
    if [[ ! -s "$file" ]]; then
        mkdir -p "$STATE"
        (umask 077 && head -c 32 /dev/urandom | base64 >"$file")
    fi
    NLS_WEBHOOK_KEY="$(cat "$file")"
    export NLS_WEBHOOK_KEY
}

main() {
    ensure_services
    ensure_webhook_key
    build
    bash "$ROOT/scripts/build-app.sh" || die "could not build the app (app/)"
    log "applying migrations"
    "$NLS_BIN" migrate || die "nls migrate failed"
    ensure_demo_account
    pick_listen
    export NLS_PUBLIC_URL="${NLS_PUBLIC_URL:-http://$NLS_LISTEN}"
    print_usage
    exec "$NLS_BIN" serve --role all --listen "$NLS_LISTEN" "$@"
}

main "$@"
