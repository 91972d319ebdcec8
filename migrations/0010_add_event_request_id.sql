-- The audit trail's "which request": the `x-request-id` of the HTTP request that wrote an
-- event. Nullable and without a default, so adding it rewrites nothing and older processes
-- (which do not name it) keep appending while newer ones start.
alter table event add column request_id text;
