-- no-transaction
-- `GET /v1/audit` reads one account's events in the log's (txid, position) order; without
-- this index it would walk every account's events. Built concurrently so that writes go
-- on while it builds (which is why this migration runs outside a transaction, alone).
create index concurrently if not exists event_account_log_idx on event (account_id, txid, position);
