-- Custom ingredient names are held in each process's memory (web/src/name_cache.rs): whatever
-- changes which live custom ingredient a name resolves to notifies `ingredients:<account>` on
-- the lease's channel, inside the writing transaction (delivered at its commit, in commit
-- order with the barriers that ingredient writes settle on).

create function nls_ingredient_names_changed() returns trigger
language plpgsql as $$
begin
    if tg_op = 'DELETE' then
        perform pg_notify('nls_auth', 'ingredients:' || old.account_id);
    else
        perform pg_notify('nls_auth', 'ingredients:' || new.account_id);
        if tg_op = 'UPDATE' and new.account_id is distinct from old.account_id then
            perform pg_notify('nls_auth', 'ingredients:' || old.account_id);
        end if;
    end if;
    return null;
end $$;

create trigger ingredient_view_names_inserted after insert on ingredient_view
    for each row execute function nls_ingredient_names_changed();
create trigger ingredient_view_names_changed after update on ingredient_view
    for each row when (old.name is distinct from new.name
                       or old.archived is distinct from new.archived
                       or old.deleted is distinct from new.deleted
                       or old.account_id is distinct from new.account_id)
    execute function nls_ingredient_names_changed();
create trigger ingredient_view_names_deleted after delete on ingredient_view
    for each row execute function nls_ingredient_names_changed();
-- A truncate (a projection rebuild) changes every account's names.
create function nls_ingredient_names_truncated() returns trigger
language plpgsql as $$
begin
    perform pg_notify('nls_auth', 'all');
    return null;
end $$;
create trigger ingredient_view_names_truncated after truncate on ingredient_view
    for each statement execute function nls_ingredient_names_truncated();
