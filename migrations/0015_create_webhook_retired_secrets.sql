-- Secrets retired by a rotation while the one before them still signed (issue 28: rotating
-- twice dropped the first secret at once, though every rotation promises 24 hours). The
-- endpoint keeps its newest retired secret in previous_secret_enc/_until; older ones that
-- still sign live here until their own time, sealed like the others (AES-256-GCM under the
-- operator's key, the endpoint id as associated data).
create table webhook_retired_secret (
    endpoint_id uuid        not null,
    secret_enc  bytea       not null,
    until       timestamptz not null,
    constraint webhook_retired_secret_endpoint_fkey foreign key (endpoint_id)
        references webhook_endpoint (endpoint_id) on delete cascade
);
create index webhook_retired_secret_endpoint_idx on webhook_retired_secret (endpoint_id, until);
