-- Webhooks (issue 17): the printed-label changes a `label.changed` notification carries,
-- the endpoints an account registered, and every delivery with its attempts.

-- What a recipe's printed label changed from and to, and which event caused it. Written in
-- the transaction that stores the new label (readmodel::derive::store_label), so a change
-- is recorded exactly when a label is, by whichever role stored it. Keyed by the cause:
-- a redelivered or replayed event cannot record a second row.
create table label_change (
    recipe_id        text        not null,
    cause_stream_id  text        not null,
    cause_version    bigint      not null,
    account_id       uuid        not null,
    cause_type       text        not null,
    -- The recipe's version whose label was replaced, and the one that replaced it (the
    -- same when an ingredient or sub-recipe caused the change).
    version_before   bigint      not null,
    version_after    bigint      not null,
    format           text,
    -- [{"field", "before", "after"}] over the printed values (readmodel::printed).
    changes          jsonb       not null,
    recorded_at      timestamptz not null default now(),
    constraint label_change_pkey primary key (recipe_id, cause_stream_id, cause_version)
);
create index label_change_cause on label_change (cause_stream_id, cause_version);

-- Webhooks are a Business plan feature (the plan table is the one place gates read).
alter table plan add column webhooks boolean not null default false;
update plan set webhooks = true where plan_id = 'business';

create table webhook_endpoint (
    endpoint_id           uuid        not null,
    account_id            uuid        not null,
    url                   text        not null,
    description           text        not null default '',
    events                text[]      not null,
    enabled               boolean     not null default true,
    -- The signing secret, AES-256-GCM under the operator's key (nonce || ciphertext);
    -- never stored in clear, never logged.
    secret_enc            bytea       not null,
    -- After a rotation the old secret keeps signing beside the new one until this time.
    previous_secret_enc   bytea,
    previous_secret_until timestamptz,
    -- Since when every attempt has failed; five days of it disable the endpoint.
    failing_since         timestamptz,
    disabled_reason       text,
    created_at            timestamptz not null default now(),
    updated_at            timestamptz not null default now(),
    constraint webhook_endpoint_pkey primary key (endpoint_id),
    constraint webhook_endpoint_account_fkey foreign key (account_id) references account (account_id)
);
create index webhook_endpoint_account on webhook_endpoint (account_id, endpoint_id);

create table webhook_delivery (
    -- Sent as `webhook-id`: the same across every attempt, for the receiver's idempotency.
    delivery_id      uuid        not null,
    endpoint_id      uuid        not null,
    account_id       uuid        not null,
    event_type       text        not null,
    -- Deliveries of one endpoint and key (a recipe or ingredient id) go out in order.
    ordering_key     text        not null,
    -- The log position of the event that caused it (for the record; `seq`, the order of
    -- fan-out, which follows the stream, orders sending).
    position         bigint      not null,
    seq              bigserial   not null,
    -- What fan-out made it from, so a redelivered event makes no second delivery.
    source           text        not null,
    body             jsonb       not null,
    -- pending | delivered | failed
    status           text        not null,
    attempts         integer     not null default 0,
    next_attempt_at  timestamptz,
    last_attempt_at  timestamptz,
    last_status_code integer,
    last_error       text,
    last_duration_ms integer,
    created_at       timestamptz not null default now(),
    constraint webhook_delivery_pkey primary key (delivery_id),
    constraint webhook_delivery_source_key unique (endpoint_id, source),
    constraint webhook_delivery_endpoint_fkey foreign key (endpoint_id)
        references webhook_endpoint (endpoint_id) on delete cascade
);
create index webhook_delivery_due on webhook_delivery (next_attempt_at) where status = 'pending';
create index webhook_delivery_order on webhook_delivery (endpoint_id, ordering_key, seq)
    where status = 'pending';
create index webhook_delivery_list on webhook_delivery (endpoint_id, created_at desc, delivery_id);

create table webhook_attempt (
    delivery_id  uuid        not null,
    attempt      integer     not null,
    started_at   timestamptz not null,
    duration_ms  integer     not null,
    status_code  integer,
    error        text,
    constraint webhook_attempt_pkey primary key (delivery_id, attempt),
    constraint webhook_attempt_delivery_fkey foreign key (delivery_id)
        references webhook_delivery (delivery_id) on delete cascade
);
