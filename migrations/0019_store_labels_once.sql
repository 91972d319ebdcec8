-- A recipe version's label is stored once (issue 27, item 3: a lighter create). Every write
-- stored its label twice: in `recipe_view.label` and again in that version's
-- `label_version` row, over half of a create's bytes. A label is named by its hash (SHA-256
-- of its canonical JSON), so a `label_version` row whose label is the one the view holds
-- now (same recipe, same hash) keeps only the hash; the label itself is copied into the row
-- when the view lets go of it: its label changes, the row is deleted, or the view is
-- truncated (a replay). Readers take `coalesce(label_version.label, recipe_view.label)`
-- joined on the hash (readmodel/src/past.rs).
alter table label_version alter column label drop not null;

create function nls_keep_replaced_label() returns trigger
language plpgsql as $$
begin
    update label_version set label = old.label
     where recipe_id = old.recipe_id and label_hash = old.label_hash and label is null;
    return null;
end $$;

create trigger recipe_view_label_replaced after update of label_hash on recipe_view
    for each row when (old.label_hash is not null
                       and old.label is not null
                       and old.label_hash is distinct from new.label_hash)
    execute function nls_keep_replaced_label();
create trigger recipe_view_label_deleted after delete on recipe_view
    for each row when (old.label_hash is not null and old.label is not null)
    execute function nls_keep_replaced_label();

-- A truncate fires no row triggers: every label still held only by the view is copied
-- first, in the truncating transaction.
create function nls_keep_every_view_label() returns trigger
language plpgsql as $$
begin
    update label_version lv set label = v.label
      from recipe_view v
     where lv.label is null and v.recipe_id = lv.recipe_id and v.label_hash = lv.label_hash
       and v.label is not null;
    return null;
end $$;

create trigger recipe_view_labels_truncated before truncate on recipe_view
    for each statement execute function nls_keep_every_view_label();

-- The view's row stays whole, compressed, instead of sending its label (about 2.3 KB after lz4
-- for a small recipe: two TOAST chunks with their index entries) or, with the label kept in,
-- its body and ingredients to the TOAST table: `main` moves a value out of line only when the
-- row would not fit in a page otherwise (a few KB here; measured in BENCHMARKS.md).
alter table recipe_view alter column label set storage main;
alter table recipe_view alter column body set storage main;
alter table recipe_view alter column ingredients set storage main;

-- Every lookup by hash names the recipe too, and a recipe has a handful of versions: the
-- primary key's `recipe_id` prefix finds them, so this index was one more insert per write.
drop index label_version_hash;
