-- Labels stored before recipe trees were bounded (issue 12) could run to megabytes: a few
-- sub-recipes listed many times printed each other's statement thousands of times, and
-- every read of the recipe, list pages included, carried it. The label is now limited to
-- 131,072 bytes of JSON (nls_projector::bounds), so such a recipe has no label: this clears
-- the ones clearly beyond the limit (the jsonb text form is a little longer than the JSON
-- the limit counts, hence twice the limit) as the projector would store them. `nls replay`
-- recomputes every label; the cleared ones stay without one until their tree is smaller.
update recipe_view
set label = null,
    label_hash = null,
    label_error = jsonb_build_object(
        'code', 'recipe_too_large',
        'message', 'the label takes more than the limit of 131072 bytes'
    )
where label is not null and octet_length(label::text) > 262144;
