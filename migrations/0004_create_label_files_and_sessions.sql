-- Rendered label files and session tokens for the export function.

-- Rendered label files, a cache that can always be rebuilt (from recipe_view.label).
-- The key is a SHA-256 over the label JSON, the file type, width, scale, watermark and the
-- drawing code's version, so a row can never be stale: a changed label has another key.
-- Stored in Postgres rather than in a JetStream object store: one source of truth with the
-- labels they are drawn from, written in a transaction (a reader never sees half a file),
-- and covered by the same backups and the same test isolation.
create table label_file (
    recipe_id   text        not null,
    cache_key   bytea       not null,
    -- SHA-256 of the label JSON alone (announced on `<prefix>.rendered.<recipe id>`).
    label_hash  bytea       not null,
    file_type   text        not null,
    width_px    real        not null,
    scale       real        not null,
    watermark   boolean     not null,
    content     bytea       not null,
    created_at  timestamptz not null default now(),
    constraint label_file_pkey primary key (recipe_id, cache_key),
    constraint label_file_file_type_check check (file_type in ('svg', 'png', 'pdf'))
);
-- Pruning keeps the newest files per recipe and type.
create index label_file_recipe_type_idx on label_file (recipe_id, file_type, created_at desc);

-- Session tokens for `POST /functions/v1/export-label`. Stored only as SHA-256 digests:
-- they carry 256 random bits, so a fast hash is enough and lookup is one index probe.
create table session_token (
    token_hash  bytea       not null,
    account_id  uuid        not null,
    expires_at  timestamptz not null,
    revoked_at  timestamptz,
    created_at  timestamptz not null default now(),
    constraint session_token_pkey primary key (token_hash),
    constraint session_token_account_fkey foreign key (account_id) references account (account_id)
);
create index session_token_account_idx on session_token (account_id);
