-- Sessions of the browser app (issue 16): `POST /auth/v1/signup` and `POST /auth/v1/session`
-- issue one, `DELETE /auth/v1/session` ends it. The cookie carries `nlsa_` + 256 random
-- bits; only its SHA-256 is stored. The CSRF token is derived from the cookie's value on
-- each request and never stored (web/src/app_session.rs).
--
-- Additive only: old processes never read this table, so the migration is safe to run
-- while they serve.
create table app_session (
    session_id  uuid        not null,
    token_hash  bytea       not null,
    account_id  uuid        not null,
    created_at  timestamptz not null default now(),
    expires_at  timestamptz not null,
    revoked_at  timestamptz,
    constraint app_session_pkey primary key (session_id),
    constraint app_session_token_hash_key unique (token_hash),
    constraint app_session_account_fkey foreign key (account_id) references account (account_id)
);
create index app_session_account_idx on app_session (account_id);
