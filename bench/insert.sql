-- pgbench: the same row a recipe create appends to the event log (the floor for writes).
insert into event (event_id, stream_id, stream_version, event_type, schema_version, payload,
                   account_id, actor, correlation_id)
values (gen_random_uuid(), 'rcp_' || md5(random()::text), 1, 'recipe_created', 1,
        '{"name":"Load","servings":4,"label_format":"standard","ingredients":[{"ingredient_id":"fooddb:168894","name":"flour","grams":250}]}',
        gen_random_uuid(), 'bench', gen_random_uuid());
