-- Reproducible labels (issue 17, item 9). Each stored label records the edition of the
-- engine and rules that computed it, and the label a recipe version was first given is
-- kept, so `?version=N` serves what was served then even after the rules change.

-- Null for labels stored before editions were recorded.
alter table recipe_view add column label_edition text;

-- The label each recipe version got when it was written: not a cache (it cannot be
-- derived again once the engine or its data change), so replays leave it alone.
create table label_version (
    recipe_id   text        not null,
    version     bigint      not null,
    -- lz4 as recipe_view.label (migration 0006): every write stores one.
    label       jsonb       compression lz4 not null,
    label_hash  bytea       not null,
    edition     text        not null,
    recorded_at timestamptz not null default now(),
    constraint label_version_pkey primary key (recipe_id, version)
);
-- Label files of recorded versions are kept by the pruning (renderer/src/cache.rs).
create index label_version_hash on label_version (recipe_id, label_hash);
