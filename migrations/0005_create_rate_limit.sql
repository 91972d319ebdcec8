-- Request-rate state (API_DECISIONS §14): one GCRA theoretical arrival time per API key,
-- shared by every process. Read and advanced by one atomic upsert (web/src/rate_limit.rs).
--
-- Unlogged: the row is rewritten on every REST request, and a logged table would make each
-- of those a WAL write waited for at commit. Losing the table in a crash only hands every
-- key a fresh burst, which is harmless; the table is not replicated to standbys, and the
-- limiter only ever runs against the primary.
create unlogged table rate_limit (
    key_id  uuid        not null,
    tat     timestamptz not null,
    constraint rate_limit_pkey primary key (key_id)
) with (fillfactor = 50);
