-- Revocation without a read per request (issue 27, item 1; web/src/lease.rs).
--
-- Every serving process caches the authentication of the keys, app sessions and export
-- tokens it has seen, and holds a short lease here that it renews over its LISTEN
-- connection. Whatever ends or changes an authentication notifies `nls_auth` from the
-- triggers below, in the writing transaction (so also a support engineer's hand-written
-- UPDATE); a revocation then sends a barrier on the same channel and waits until every
-- process whose lease is live has written its acknowledgement of it.
--
-- Unlogged: both tables only hold the present moment. A crash of the database empties them,
-- and it also cuts every process's LISTEN connection, which makes each process drop its
-- cache and stop serving keyed requests until it has registered again.
--
-- Additive only: old processes neither read these tables nor listen, and are still correct
-- (they read the key on every request).

create unlogged table process_lease (
    process_id  uuid        not null,
    -- When the process (re)registered with an empty cache: a barrier older than this one
    -- need not wait for it, as it read everything afresh.
    since       timestamptz not null,
    expires_at  timestamptz not null,
    -- Who it is, for operators (`select * from process_lease`).
    host        text        not null,
    pid         integer     not null,
    role        text        not null,
    constraint process_lease_pkey primary key (process_id)
);

create sequence auth_barrier_seq;

create unlogged table auth_barrier_ack (
    barrier_id  bigint      not null,
    process_id  uuid        not null,
    acked_at    timestamptz not null default clock_timestamp(),
    constraint auth_barrier_ack_pkey primary key (barrier_id, process_id)
);

-- `account:<id>`: drop what is cached for that account (its keys, sessions and tokens).
create function nls_auth_changed() returns trigger
language plpgsql as $$
begin
    if tg_op = 'DELETE' then
        perform pg_notify('nls_auth', 'account:' || old.account_id);
    else
        perform pg_notify('nls_auth', 'account:' || new.account_id);
        if tg_op = 'UPDATE' and new.account_id is distinct from old.account_id then
            perform pg_notify('nls_auth', 'account:' || old.account_id);
        end if;
    end if;
    return null;
end $$;

-- `all`: a plan's entitlements changed, which every cached authentication carries.
create function nls_auth_changed_all() returns trigger
language plpgsql as $$
begin
    perform pg_notify('nls_auth', 'all');
    return null;
end $$;

-- Any change to an account: its plan, API early access, and whatever may later suspend it.
create trigger account_auth_changed after update on account
    for each row when (old.* is distinct from new.*) execute function nls_auth_changed();
create trigger account_auth_deleted after delete on account
    for each row execute function nls_auth_changed();

create trigger plan_auth_changed after update or delete or truncate on plan
    for each statement execute function nls_auth_changed_all();

create trigger api_key_auth_changed after update on api_key
    for each row when (old.revoked_at is distinct from new.revoked_at
                       or old.key_hash is distinct from new.key_hash
                       or old.account_id is distinct from new.account_id)
    execute function nls_auth_changed();
-- A deleted revoked key changes nothing.
create trigger api_key_auth_deleted after delete on api_key
    for each row when (old.revoked_at is null) execute function nls_auth_changed();

-- Sessions and export tokens (the same columns): a sign-out, an expiry moved, a row deleted
-- while still live (housekeeping deletes ended ones, which notify nothing).
do $$
declare
    t text;
begin
    foreach t in array array['app_session', 'session_token'] loop
        execute format(
            'create trigger %1$s_auth_changed after update on %1$s
                 for each row when (old.revoked_at is distinct from new.revoked_at
                                    or old.expires_at is distinct from new.expires_at
                                    or old.token_hash is distinct from new.token_hash
                                    or old.account_id is distinct from new.account_id)
                 execute function nls_auth_changed()', t);
        execute format(
            'create trigger %1$s_auth_deleted after delete on %1$s
                 for each row when (old.revoked_at is null and old.expires_at > now())
                 execute function nls_auth_changed()', t);
    end loop;
end $$;
