-- The SHA-256 of a recipe's canonical label JSON, stored with the label so that label
-- files can be looked up (and their ETags answered) without reading and hashing the label.
-- Null where there is no label, and on rows written before this column existed (readers
-- then hash the label themselves; `nls replay` fills it in).
alter table recipe_view add column label_hash bytea;

-- Labels (a few KB of JSON, more with claims) and the folded state are compressed by
-- Postgres when a row outgrows a page's share; its default, pglz, showed as a visible share
-- of every write's database time, and lz4 does the same job for a fraction of the CPU.
-- Existing values stay as they are until rewritten.
alter table recipe_view alter column label set compression lz4;
alter table recipe_view alter column body set compression lz4;
alter table recipe_view alter column ingredients set compression lz4;
