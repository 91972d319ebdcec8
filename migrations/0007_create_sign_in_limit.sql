-- Password attempts per e-mail address (POST /auth/v1/token): one GCRA theoretical
-- arrival time per address, shared by every process, so online guessing of an account's
-- password is held to a few attempts a minute whoever sends them. Keyed by the SHA-256
-- of the normalised address: the table holds no addresses. Unlogged like rate_limit:
-- a crash only hands every address a fresh burst.
create unlogged table sign_in_attempt (
    email_key  bytea       not null,
    tat        timestamptz not null,
    constraint sign_in_attempt_pkey primary key (email_key)
);
