-- Read models. Everything here can be rebuilt from the event log (`nls replay`).

-- The last stream version each projection applied, updated in the same transaction as
-- the read-model change it records.
create table projection_checkpoint (
    projection  text   not null,
    stream_id   text   not null,
    version     bigint not null,
    constraint projection_checkpoint_pkey primary key (projection, stream_id)
);

-- Where the projector's catch-up pass has read the log up to.
create table projection_cursor (
    projection  text   not null,
    txid        xid8   not null,
    position    bigint not null,
    constraint projection_cursor_pkey primary key (projection)
);

create table ingredient_view (
    ingredient_id  text        not null,
    account_id     uuid        not null,
    name           text        not null,
    archived       boolean     not null,
    deleted        boolean     not null,
    version        bigint      not null,
    -- How many events this row has absorbed; equals version when each applied once.
    applied_events bigint      not null,
    body           jsonb       not null,
    created_at     timestamptz not null,
    updated_at     timestamptz not null,
    constraint ingredient_view_pkey primary key (ingredient_id)
);
create index ingredient_view_account_idx on ingredient_view (account_id, ingredient_id);
create index ingredient_view_name_idx on ingredient_view (account_id, lower(name));

create table recipe_view (
    recipe_id      text        not null,
    account_id     uuid        not null,
    name           text        not null,
    archived       boolean     not null,
    deleted        boolean     not null,
    version        bigint      not null,
    applied_events bigint      not null,
    body           jsonb       not null,
    -- The precomputed label, or the reason it cannot be computed.
    label          jsonb,
    label_error    jsonb,
    -- The ingredient lines as resolved for the representation, and the recipe's cost.
    ingredients    jsonb       not null default '[]',
    cost           double precision,
    embed_token    text,
    created_at     timestamptz not null,
    updated_at     timestamptz not null,
    constraint recipe_view_pkey primary key (recipe_id)
);
create index recipe_view_account_idx on recipe_view (account_id, recipe_id);
create unique index recipe_view_embed_token_key on recipe_view (embed_token) where embed_token is not null;

-- Which live recipes use which ingredient or sub-recipe.
create table recipe_usage (
    recipe_id      text not null,
    ingredient_id  text not null,
    constraint recipe_usage_pkey primary key (recipe_id, ingredient_id)
);
create index recipe_usage_ingredient_idx on recipe_usage (ingredient_id);
