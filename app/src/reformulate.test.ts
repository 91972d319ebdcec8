// Unit tests of the Reformulate panel's model: the goals a label offers, the request the
// choices make, the candidates read into words, and the API's refusals explained.
import { ApiError } from './api';
import {
  applyBody,
  buildRequest,
  emptyForm,
  explainError,
  FIELD,
  fitForm,
  goalOffer,
  readCandidate,
  type Candidate,
  type ReformRequest,
} from './reformulate';
import { assert } from './testing';
import type { Analysis, FopScheme, Label } from './types';

const SCHEMES: FopScheme[] = [
  { id: 'cl.fop.alto', name: 'Chile "ALTO EN" warning octagons', kind: 'warning', markets: ['CL'], required: true, status: 'confirmed', citation: 'Ley 20.606' },
  { id: 'mx.fop.oct', name: 'Mexico octagons', kind: 'warning', markets: ['MX'], required: true, status: 'confirmed', citation: 'NOM-051' },
  { id: 'eu.fop.nutriscore', name: 'Nutri-Score', kind: 'nutriscore', markets: ['FR'], required: false, status: 'confirmed', citation: '' },
  { id: 'uk.fop.tl', name: 'UK traffic lights', kind: 'traffic_light', markets: ['GB'], required: false, status: 'confirmed', citation: '' },
];

/** A label as analyze answers it for a sweet, salty cake with four schemes on. */
function cakeLabel(): Label {
  return {
    format: 'cl.tab',
    unrounded: { sodium_mg: 120, total_sugars_g: 9.8, water_g: 20, calories: 250 },
    front_of_pack: [
      { scheme: 'cl.fop.alto', required: true, citation: '', status: 'confirmed', marks: [{ code: 'sugars', text: 'ALTO EN AZÚCARES' }] },
      { scheme: 'mx.fop.oct', required: true, citation: '', status: 'confirmed', marks: [{ code: 'sodium', text: 'EXCESO SODIO' }] },
      { scheme: 'eu.fop.nutriscore', required: false, citation: '', status: 'confirmed', marks: [{ grade: 'D' }] },
      { scheme: 'uk.fop.tl', required: false, citation: '', status: 'confirmed', marks: [{ nutrient: 'sugars', colour: 'red', text: 'HIGH' }] },
    ],
  };
}

function cake(): Analysis {
  return { label: cakeLabel(), claims: [{ code: 'low_sodium', text: 'Low sodium', citation: '21 CFR 101.61(b)(4)' }] };
}

function everyWarningMarkIsASealGoalAndOnlyThose(): void {
  const offer = goalOffer(cake(), SCHEMES);
  assert.deepEqual(
    offer.seals.map((s) => [s.label, s.body]),
    [
      ['Remove “ALTO EN AZÚCARES”', { scheme: 'cl.fop.alto', without: ['ALTO EN AZÚCARES'] }],
      ['Remove “EXCESO SODIO”', { scheme: 'mx.fop.oct', without: ['EXCESO SODIO'] }],
    ],
    'seals (a traffic light is no seal)',
  );
  assert.deepEqual(offer.grade, { scheme: 'eu.fop.nutriscore', name: 'Nutri-Score', current: 'D', grades: ['A', 'B', 'C', 'D'] }, 'grades up to the current one');
  assert.deepEqual(offer.claims.map((c) => c.body), [{ claim: 'low_sodium' }], 'the claims the label makes');
  assert.deepEqual(offer.nutrients.map((n) => n.key), ['calories', 'sodium_mg', 'total_sugars_g'], 'the label’s nutrients, water left out');
  const bare = goalOffer({ label: { format: 'standard' }, claims: [], claims_withheld: 'no reference amount' }, SCHEMES);
  assert.deepEqual([bare.seals.length, bare.grade, bare.claimsWithheld], [0, null, 'no reference amount'], 'nothing to offer');
}

function choicesBecomeTheRequest(): void {
  const offer = goalOffer(cake(), SCHEMES);
  const form = emptyForm(3);
  form.chosen = [offer.seals[0]!.id, offer.claims[0]!.id];
  form.grade = 'C';
  form.nutrient = 'sodium_mg';
  form.atMost = '140';
  form.basis = 'per_100g';
  form.lines[0]!.locked = true;
  form.lines[0]!.min = '5'; // a locked line's bounds are not sent
  form.lines[2] = { locked: false, min: '100', max: '' };
  form.maxChangePct = '40';
  form.keepTotal = true;
  form.candidates = '2';
  const request = buildRequest(form, offer) as ReformRequest;
  assert.deepEqual(
    request.body,
    {
      goals: [
        { scheme: 'cl.fop.alto', without: ['ALTO EN AZÚCARES'] },
        { claim: 'low_sodium' },
        { scheme: 'eu.fop.nutriscore', grade_at_least: 'C' },
        { nutrient: 'sodium_mg', at_most: 140, basis: 'per_100g' },
      ],
      constraints: { fixed_lines: [0], lines: [{ index: 2, min_g: 100 }], max_change_pct: 40, keep_total_weight: true },
      candidates: 2,
    },
    'body',
  );
  assert.deepEqual(
    request.goals,
    ['Remove “ALTO EN AZÚCARES”', 'Still qualifies for “Low sodium”', 'Grade C or better (Nutri-Score)', 'Sodium (mg) at most 140 per 100 g'],
    'each goal in words, by index',
  );
  const defaults = buildRequest({ ...emptyForm(1), chosen: [offer.seals[1]!.id] }, offer) as ReformRequest;
  assert.deepEqual(defaults.body.constraints, { fixed_lines: [], lines: [], max_change_pct: 50, keep_total_weight: false }, 'defaults');
  assert.equal(defaults.body.candidates, 3, 'three candidates');
}

function badChoicesAreProblemsOfTheirFields(): void {
  const offer = goalOffer(cake(), SCHEMES);
  const none = buildRequest(emptyForm(2), offer) as { problems: Record<string, string> };
  assert.ok(none.problems[FIELD.goals], 'no goal');
  const form = emptyForm(2);
  form.nutrient = 'sodium_mg';
  form.atMost = '-1';
  form.lines[1] = { locked: false, min: '50', max: '20' };
  form.maxChangePct = '0';
  form.candidates = '6';
  form.otherClaim = 'Low Sodium!';
  const bad = buildRequest(form, offer) as { problems: Record<string, string> };
  for (const field of [FIELD.atMost, FIELD.max(1), FIELD.maxChange, FIELD.candidates, FIELD.otherClaim]) assert.ok(bad.problems[field], field);
  assert.ok(!bad.problems[FIELD.goals], 'a claim code is a goal');
  assert.equal(fitForm(form, 3).lines.length, 3, 'a form fitted to a longer recipe');
}

const NAMES = ['flour', 'sugar', 'butter', 'milk'];
const GRAMS = [300, 90, 150, 100];

function candidate(): Candidate {
  return {
    lines: [
      { index: 1, grams: 51.5, was_g: 90 },
      { index: 3, grams: 0, was_g: 100 },
    ],
    substitutions: [{ index: 2, replaces: 'fooddb:173410', ingredient: 'fooddb:172336', grams: 0 }],
    ingredients: [
      { ingredient_id: 'fooddb:168894', grams: 300 },
      { ingredient_id: 'fooddb:169655', grams: 51.5 },
    ],
    change_g: 288.5,
    goals_met: [{ goal: 0, what: 'no ALTO EN AZÚCARES (cl.fop.alto)' }, { goal: 1, what: 'grade C or better' }],
    label: { format: 'cl.tab', front_of_pack: [cakeLabel().front_of_pack![1]!, { scheme: 'eu.fop.nutriscore', required: false, citation: '', status: '', marks: [{ grade: 'C' }] }] },
  };
}

function aCandidateReadsAsItsChanges(): void {
  const view = readCandidate(candidate(), NAMES, GRAMS, ['Remove “ALTO EN AZÚCARES”'], SCHEMES, (id) => (id === 'fooddb:172336' ? 'canola oil' : undefined));
  assert.deepEqual(
    view.lines.map((l) => [l.kind, l.text]),
    [
      ['same', 'flour 300 g, unchanged'],
      ['changed', 'sugar 90 g → 51.5 g (−38.5 g)'],
      // A substitute at 0 g is a substitution, not a removal.
      ['substituted', 'butter 150 g replaced by canola oil 0 g'],
      ['removed', 'milk 100 g removed'],
    ],
    'lines',
  );
  assert.deepEqual(view.goals, ['Remove “ALTO EN AZÚCARES”', 'grade C or better'], 'goals in the panel’s words, else the API’s');
  assert.deepEqual(view.seals, ['EXCESO SODIO'], 'the seals its label keeps');
  assert.equal(view.grade, 'C', 'its grade');
  assert.deepEqual(applyBody(candidate()), { ingredients: candidate().ingredients }, 'apply sends its lines');
  const unnamed = readCandidate(candidate(), NAMES, GRAMS, [], SCHEMES);
  assert.equal(unnamed.lines[2]!.substitute, 'fooddb:172336', 'an unnamed substitute shows its id');
}

function refusalsAreExplainedInWords(): void {
  const goals = ['Remove “ALTO EN AZÚCARES”'];
  const unreachable = new ApiError(422, 'goal_unreachable', 'goals[0] cannot be reached', {
    goal: 0,
    limit: 'sugars per 100 g (sugars)',
    below: 10,
    best: 15.668750304728746,
    binding: [{ constraint: 'fixed_lines', lines: [1] }],
  });
  assert.equal(
    explainError(unreachable, goals, NAMES).message,
    'Goal 1 (Remove “ALTO EN AZÚCARES”) cannot be met within these limits: sugars per 100 g (sugars) must stay below 10, and the best reachable is 15.67. In the way: the locked line sugar: unlock it.',
    'goal, limit, best value and the binding constraint',
  );
  const pct = new ApiError(422, 'goal_unreachable', 'x', { goal: 0, limit: 'sugars', below: 10, best: 15.5, binding: [{ constraint: 'max_change_pct', max_change_pct: 5 }] });
  assert.ok(/largest change allowed \(5 %/.test(explainError(pct, goals, NAMES).message), 'the largest change');
  const large = new ApiError(422, 'reformulation_too_large', 'a reformulation takes at most 5 candidates; this one asks for 6', { limit: 'candidates', max: 5, value: 6 });
  assert.ok(/at most 5 candidates.*Ask for fewer candidates\./.test(explainError(large, goals, NAMES).message), 'what to reduce');
  const network = new ApiError(0, 'network', 'The service cannot be reached.');
  assert.ok(/choices are kept/.test(explainError(network, goals, NAMES).message), 'the inputs are kept');
  const claim = new ApiError(400, 'validation_failed', 'x', [{ field: 'goals[0].claim', problem: 'unknown claim "x"' }, { field: 'constraints.max_change_pct', problem: 'must be above 0' }]);
  const explained = explainError(claim, ['Qualifies for x'], NAMES);
  assert.equal(explained.message, 'Goal 1 (Qualifies for x): unknown claim "x".', 'a goal’s problem names the goal');
  assert.equal(explained.fields[FIELD.maxChange], 'must be above 0', 'a field’s problem sits by its field');
}

for (const test of [
  everyWarningMarkIsASealGoalAndOnlyThose,
  choicesBecomeTheRequest,
  badChoicesAreProblemsOfTheirFields,
  aCandidateReadsAsItsChanges,
  refusalsAreExplainedInWords,
]) {
  test();
  console.log(`ok - ${test.name}`);
}
