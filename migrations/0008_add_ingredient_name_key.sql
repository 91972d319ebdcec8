-- The key two custom ingredient names are compared by (NFKC, case folded; see
-- nls_projector::names). The command side refuses a second ingredient with the same key in
-- an account, so a recipe line by name cannot silently pick one of two. The index is not
-- unique on purpose: events are facts, and a log written before this rule may hold two
-- ingredients with one key, which a replay must still rebuild. Rows written before this
-- column existed hold null until their stream's next event or `nls replay`; the command
-- side computes their key itself.
alter table ingredient_view add column name_key text;
create index ingredient_view_name_key_idx on ingredient_view (account_id, name_key);
