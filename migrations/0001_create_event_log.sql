-- The append-only event log: the source of truth.
create table event (
    position        bigint generated always as identity,
    -- The writing transaction's id. Readers that follow the log order by (txid, position)
    -- and only read rows whose txid is below the oldest transaction still running, so a row
    -- that commits late can never be skipped (see eventlog/src/read.rs).
    txid            xid8        not null default pg_current_xact_id(),
    event_id        uuid        not null,
    stream_id       text        not null,
    stream_version  bigint      not null,
    event_type      text        not null,
    schema_version  smallint    not null,
    payload         jsonb       not null,
    account_id      uuid        not null,
    actor           text        not null,
    occurred_at     timestamptz not null default now(),
    correlation_id  uuid        not null,
    causation_id    uuid,
    constraint event_pkey primary key (position),
    constraint event_event_id_key unique (event_id),
    constraint event_stream_version_key unique (stream_id, stream_version),
    constraint event_stream_version_positive check (stream_version > 0)
);

create index event_txid_position_idx on event (txid, position);
create index event_account_idx on event (account_id, stream_id);

-- Events are facts: they never change and are never removed.
create function event_is_append_only() returns trigger language plpgsql as $$
begin
    raise exception 'the event log is append-only: % is not allowed', tg_op
        using errcode = 'restrict_violation';
end;
$$;

create trigger event_no_update before update or delete on event
    for each row execute function event_is_append_only();
create trigger event_no_truncate before truncate on event
    for each statement execute function event_is_append_only();

-- Where the NATS relay has published up to, as a (txid, position) cursor.
create table relay_checkpoint (
    relay_name  text   not null,
    txid        xid8   not null,
    position    bigint not null,
    constraint relay_checkpoint_pkey primary key (relay_name)
);
