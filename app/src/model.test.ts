// Unit tests of the builder's draft: how the package, voluntary nutrients, front-of-pack and
// a line's own values become requests, and come back from a saved recipe.
import { analyzeBody, draftOf, emptyDraft, problemsOf, saveBody, type Draft } from './screens/builder/model';
import { assert } from './testing';
import type { Recipe } from './types';

/** The recipe fields the builder's folded panels edit. */
const OPTIONAL = ['package', 'voluntary_nutrients', 'front_of_pack', 'front_of_pack_facts'];

function filled(): Draft {
  const draft = emptyDraft();
  draft.name = 'Oat bars';
  draft.servings = '4';
  draft.rows = [{ key: 'a', text: 'butter', ingredientId: null, grams: '50', labelName: 'cultured butter', nutrients: { trans_fat_g: 3 } }];
  return draft;
}

function anEmptyDraftSendsNoneOfTheOptionalParts(): void {
  const body = analyzeBody(filled());
  assert.deepEqual(OPTIONAL.filter((field) => field in body), [], 'none of them');
  assert.deepEqual(body.ingredients, [{ grams: 50, name: 'butter', label_name: 'cultured butter', nutrients: { trans_fat_g: 3 } }], 'the line keeps its own values');
}

function theOptionalPartsGoIntoTheRequest(): void {
  const draft = filled();
  draft.package = { netG: '90', netMl: '', area: '12,5', vertical: '', racc: 'bakery.cookies' };
  draft.voluntary = ['magnesium_mg'];
  draft.fop = ['cl.fop.alto'];
  draft.facts = { ...draft.facts, state: 'solid', fruitVegetablePct: '0', sweeteners: 'no' };
  const body = analyzeBody(draft);
  assert.deepEqual(body.package, { net_quantity_g: 90, label_area_in2: 12.5, racc_category: 'bakery.cookies' }, 'package');
  assert.deepEqual(body.voluntary_nutrients, ['magnesium_mg'], 'voluntary');
  assert.deepEqual(body.front_of_pack, ['cl.fop.alto'], 'schemes');
  assert.deepEqual(body.front_of_pack_facts, { fruit_vegetable_legume_pct: 0, state: 'solid', non_nutritive_sweeteners: false }, 'facts');
}

function anUpdateClearsWhatWasEmptied(): void {
  const body = saveBody(filled(), true);
  for (const field of [...OPTIONAL, 'serving_weight_g']) assert.equal(body[field], null, `${field} cleared`);
  assert.ok(!('package' in saveBody(filled(), false)), 'a create sends nothing for them');
}

function badNumbersAreProblemsOfTheirFields(): void {
  const draft = filled();
  draft.package.netG = 'abc';
  draft.facts.fruitVegetablePct = '120';
  const problems = problemsOf(draft, false);
  assert.ok(problems['package-net-g'], 'net quantity');
  assert.ok(problems['fop-fvl'], 'a share above 100 %');
  assert.ok(!problems['package-area'], 'empty is fine');
}

function aSavedRecipeComesBackAsTheSameRequest(): void {
  const draft = filled();
  Object.assign(draft, {
    package: { netG: '90', netMl: '', area: '', vertical: '3', racc: 'bakery.cookies' },
    voluntary: ['vitamin_c_mg'],
    fop: ['uk.fop.tl'],
    facts: { ...draft.facts, state: 'liquid', density: '1.03', caffeine: 'yes' },
  });
  const body = analyzeBody(draft);
  const recipe = {
    id: 'rcp_1',
    name: 'Oat bars',
    servings: 4,
    label_format: 'standard',
    ingredients: [{ ingredient_id: 'fooddb:1', name: 'butter', grams: 50, nutrients: { trans_fat_g: 3 } }],
    package: body.package,
    voluntary_nutrients: body.voluntary_nutrients,
    front_of_pack: body.front_of_pack,
    front_of_pack_facts: body.front_of_pack_facts,
  } as unknown as Recipe;
  const again = analyzeBody(draftOf(recipe));
  for (const field of OPTIONAL) assert.deepEqual(again[field], body[field], field);
}

for (const test of [
  anEmptyDraftSendsNoneOfTheOptionalParts,
  theOptionalPartsGoIntoTheRequest,
  anUpdateClearsWhatWasEmptied,
  badNumbersAreProblemsOfTheirFields,
  aSavedRecipeComesBackAsTheSameRequest,
]) {
  test();
  console.log(`ok - ${test.name}`);
}
