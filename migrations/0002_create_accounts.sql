-- Plans and their entitlements: the one table every gate reads (API_DECISIONS §9).
create table plan (
    plan_id                  text    not null,
    rank                     smallint not null,
    all_label_formats        boolean not null,
    export_file_types        text[]  not null,
    export_watermarked       boolean not null,
    live_embed               boolean not null,
    rest_access              boolean not null,
    rate_limit_per_minute    integer not null,
    max_concurrent_renders   integer not null,
    constraint plan_pkey primary key (plan_id)
);

insert into plan values
    ('free',         0, false, '{png}',         true,  false, false, 60, 5),
    ('professional', 1, true,  '{svg,png,pdf}', false, true,  false, 60, 5),
    ('business',     2, true,  '{svg,png,pdf}', false, true,  true,  60, 5);

create table account (
    account_id        uuid        not null,
    name              text        not null,
    email             text        not null,
    plan_id           text        not null,
    -- Argon2id PHC string; null when the account has no password yet.
    password_hash     text,
    api_early_access  boolean     not null default false,
    created_at        timestamptz not null default now(),
    constraint account_pkey primary key (account_id),
    constraint account_plan_fkey foreign key (plan_id) references plan (plan_id)
);
create unique index account_email_key on account (lower(email));

-- API keys are stored only as SHA-256 digests: they carry 256 random bits, so a fast hash
-- is enough and lets the lookup be a single index probe.
create table api_key (
    key_id      uuid        not null,
    account_id  uuid        not null,
    key_hash    bytea       not null,
    -- The first characters of the key, for people to recognise it; not a secret.
    key_prefix  text        not null,
    created_at  timestamptz not null default now(),
    revoked_at  timestamptz,
    constraint api_key_pkey primary key (key_id),
    constraint api_key_key_hash_key unique (key_hash),
    constraint api_key_account_fkey foreign key (account_id) references account (account_id)
);

create table idempotency_key (
    account_id       uuid        not null,
    idempotency_key  text        not null,
    request_hash     bytea       not null,
    status           smallint    not null,
    location         text,
    etag             text,
    body             jsonb       not null,
    created_at       timestamptz not null default now(),
    constraint idempotency_key_pkey primary key (account_id, idempotency_key)
);
