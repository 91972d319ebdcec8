// The builder's editable state and how it becomes an analyze or save request.
import type { FopFacts, IngredientLine, Nutrients, Package, Recipe } from '../../types';
import { numberText, parseNumber } from '../../util';

export interface Row {
  key: string;
  /** What the user typed, or the picked ingredient's name. */
  text: string;
  /** Set when the user picked a suggestion (or the saved line had one); cleared by typing. */
  ingredientId: string | null;
  grams: string;
  /** Kept from the saved line so a save does not drop them. */
  labelName?: string | null;
  nutrients?: Nutrients;
}

/** The package as typed (numbers as text; empty: not given). */
export interface PackageDraft {
  netG: string;
  netMl: string;
  area: string;
  vertical: string;
  racc: string;
}

/** The front-of-pack facts as typed; '' is "not given" for every one. */
export interface FactsDraft {
  state: '' | 'solid' | 'liquid';
  density: string;
  category: string;
  fruitVegetablePct: string;
  freeSugars: string;
  sweeteners: '' | 'yes' | 'no';
  caffeine: '' | 'yes' | 'no';
  referenceAmount: string;
}

export interface Draft {
  name: string;
  servings: string;
  servingText: string;
  servingGrams: string;
  format: string;
  rows: Row[];
  package: PackageDraft;
  /** `voluntary_nutrients`: keys the label declares though the law does not ask. */
  voluntary: string[];
  /** `front_of_pack`: scheme ids the recipe keeps. */
  fop: string[];
  facts: FactsDraft;
}

const emptyPackage = (): PackageDraft => ({ netG: '', netMl: '', area: '', vertical: '', racc: '' });
const emptyFacts = (): FactsDraft => ({
  state: '',
  density: '',
  category: '',
  fruitVegetablePct: '',
  freeSugars: '',
  sweeteners: '',
  caffeine: '',
  referenceAmount: '',
});

/** Package fields: draft key, API key, the field id in the form and its label. */
export const PACKAGE_FIELDS: [keyof PackageDraft, keyof Package, string, string][] = [
  ['netG', 'net_quantity_g', 'package-net-g', 'Net quantity (g)'],
  ['netMl', 'net_quantity_ml', 'package-net-ml', 'Net quantity (mL)'],
  ['area', 'label_area_in2', 'package-area', 'Label area (sq in)'],
  ['vertical', 'vertical_space_in', 'package-vertical', 'Vertical space (in)'],
];

/** Numeric front-of-pack facts: draft key, API key, the field id in the form and its label. */
export const FACT_NUMBERS: [Exclude<keyof FactsDraft, 'state' | 'category' | 'sweeteners' | 'caffeine'>, keyof FopFacts, string, string][] = [
  ['density', 'density_g_per_ml', 'fop-density', 'Density (g/mL)'],
  ['fruitVegetablePct', 'fruit_vegetable_legume_pct', 'fop-fvl', 'Fruit, vegetables, legumes (%)'],
  ['freeSugars', 'free_sugars_g_per_100g', 'fop-free-sugars', 'Free sugars (g/100 g)'],
  ['referenceAmount', 'reference_amount_g', 'fop-reference-amount', 'Canada reference amount (g)'],
];

let counter = 0;
export const newKey = () => `r${++counter}`;

export const emptyRow = (): Row => ({ key: newKey(), text: '', ingredientId: null, grams: '' });

export function emptyDraft(): Draft {
  return {
    name: '',
    servings: '1',
    servingText: '',
    servingGrams: '',
    format: 'standard',
    rows: [emptyRow()],
    package: emptyPackage(),
    voluntary: [],
    fop: [],
    facts: emptyFacts(),
  };
}

function packageDraftOf(pkg: Package | null | undefined): PackageDraft {
  const draft = emptyPackage();
  if (!pkg) return draft;
  for (const [key, api] of PACKAGE_FIELDS) draft[key] = numberText(pkg[api] as number | undefined);
  draft.racc = pkg.racc_category ?? '';
  return draft;
}

const yesNo = (flag: boolean | undefined): '' | 'yes' | 'no' => (flag === undefined ? '' : flag ? 'yes' : 'no');

function factsDraftOf(facts: FopFacts | null | undefined): FactsDraft {
  const draft = emptyFacts();
  if (!facts) return draft;
  for (const [key, api] of FACT_NUMBERS) draft[key] = numberText(facts[api] as number | undefined);
  draft.state = facts.state ?? '';
  draft.category = facts.category ?? '';
  draft.sweeteners = yesNo(facts.non_nutritive_sweeteners);
  draft.caffeine = yesNo(facts.caffeine);
  return draft;
}

export function draftOf(recipe: Recipe): Draft {
  const total = recipe.ingredients.reduce((sum, line) => sum + line.grams, 0);
  const weight = recipe.serving_weight_g;
  const given = weight !== undefined && Math.abs(weight - total / recipe.servings) > 0.0005;
  return {
    name: recipe.name,
    servings: numberText(recipe.servings),
    servingText: recipe.serving_size_text ?? '',
    servingGrams: given ? numberText(weight) : '',
    format: recipe.label_format,
    package: packageDraftOf(recipe.package),
    voluntary: recipe.voluntary_nutrients ?? [],
    fop: recipe.front_of_pack ?? [],
    facts: factsDraftOf(recipe.front_of_pack_facts),
    rows: recipe.ingredients.map((line) => ({
      key: newKey(),
      text: line.name ?? line.ingredient_id ?? '',
      ingredientId: line.ingredient_id ?? null,
      grams: numberText(line.grams),
      nutrients: line.nutrients,
    })),
  };
}

/** Rows that can go into a request: named (or picked) with a positive weight. */
export function usableRows(draft: Draft): Row[] {
  return draft.rows.filter((row) => (row.ingredientId || row.text.trim()) && (parseNumber(row.grams) ?? 0) > 0);
}

export function lineOf(row: Row): IngredientLine {
  const line: IngredientLine = { grams: parseNumber(row.grams) ?? 0 };
  if (row.ingredientId) line.ingredient_id = row.ingredientId;
  else line.name = row.text.trim();
  if (row.labelName) line.label_name = row.labelName;
  if (row.nutrients) line.nutrients = row.nutrients;
  return line;
}

function entry(line: IngredientLine): Record<string, unknown> {
  const out: Record<string, unknown> = { grams: line.grams };
  if (line.ingredient_id) out.ingredient_id = line.ingredient_id;
  else out.name = line.name;
  if (line.label_name) out.label_name = line.label_name;
  if (line.nutrients && Object.keys(line.nutrients).length) out.nutrients = line.nutrients;
  return out;
}

/** Problems that stop a preview or a save, by field id. */
export function problemsOf(draft: Draft, forSave: boolean): Record<string, string> {
  const problems: Record<string, string> = {};
  if (forSave && !draft.name.trim()) problems['recipe-name'] = 'Give the recipe a name.';
  const servings = parseNumber(draft.servings);
  if (servings === null || servings <= 0) problems['recipe-servings'] = 'Servings must be a number above 0.';
  if (draft.servingGrams.trim()) {
    const grams = parseNumber(draft.servingGrams);
    if (grams === null || grams <= 0) problems['recipe-serving-grams'] = 'Serving grams must be a number above 0, or empty.';
  }
  draft.rows.forEach((row, i) => {
    if (row.grams.trim() && (parseNumber(row.grams) ?? 0) <= 0) problems[`row-${row.key}-grams`] = `Grams of ingredient ${i + 1} must be above 0.`;
  });
  const positive = (text: string, id: string, what: string) => {
    const n = parseNumber(text);
    if (text.trim() && (n === null || n <= 0)) problems[id] = `${what} must be a number above 0, or empty.`;
  };
  for (const [key, , id] of PACKAGE_FIELDS) positive(draft.package[key], id, 'This amount');
  for (const [key, , id] of FACT_NUMBERS) {
    if (key === 'fruitVegetablePct' || key === 'freeSugars') {
      const n = parseNumber(draft.facts[key]);
      if (draft.facts[key].trim() && (n === null || n < 0 || n > 100)) problems[id] = 'Give a number from 0 to 100, or leave it empty.';
    } else {
      positive(draft.facts[key], id, 'This amount');
    }
  }
  if (!usableRows(draft).length) problems.rows = 'Add at least one ingredient with its grams.';
  return problems;
}

/** The analyze body (fields shared with a recipe save). */
export function analyzeBody(draft: Draft): Record<string, unknown> {
  const body: Record<string, unknown> = {
    label_format: draft.format,
    servings: parseNumber(draft.servings) ?? 1,
    ingredients: usableRows(draft).map((row) => entry(lineOf(row))),
  };
  const grams = parseNumber(draft.servingGrams);
  if (grams !== null && grams > 0) body.serving_weight_g = grams;
  if (draft.servingText.trim()) body.serving_size_text = draft.servingText.trim();
  const pkg = packageOf(draft.package);
  if (pkg) body.package = pkg;
  if (draft.voluntary.length) body.voluntary_nutrients = draft.voluntary;
  if (draft.fop.length) body.front_of_pack = draft.fop;
  const facts = factsOf(draft.facts);
  if (facts) body.front_of_pack_facts = facts;
  return body;
}

/** The package a draft describes, or null when it gives nothing. */
export function packageOf(draft: PackageDraft): Package | null {
  const pkg: Package = {};
  for (const [key, api] of PACKAGE_FIELDS) {
    const n = parseNumber(draft[key]);
    if (n !== null && n > 0) (pkg[api] as number) = n;
  }
  if (draft.racc) pkg.racc_category = draft.racc;
  return Object.keys(pkg).length ? pkg : null;
}

/** The front-of-pack facts a draft gives, or null when it gives none. */
export function factsOf(draft: FactsDraft): FopFacts | null {
  const facts: FopFacts = {};
  for (const [key, api] of FACT_NUMBERS) {
    const n = parseNumber(draft[key]);
    if (n !== null && n >= 0) (facts[api] as number) = n;
  }
  if (draft.state) facts.state = draft.state;
  if (draft.category) facts.category = draft.category;
  if (draft.sweeteners) facts.non_nutritive_sweeteners = draft.sweeteners === 'yes';
  if (draft.caffeine) facts.caffeine = draft.caffeine === 'yes';
  return Object.keys(facts).length ? facts : null;
}

/** Optional recipe fields an update clears (with `null`) when the user emptied them. */
const CLEARABLE = ['serving_weight_g', 'serving_size_text', 'package', 'voluntary_nutrients', 'front_of_pack', 'front_of_pack_facts'];

/** The create (POST) or update (PUT) body. */
export function saveBody(draft: Draft, update: boolean): Record<string, unknown> {
  const body = analyzeBody(draft);
  body.name = draft.name.trim();
  if (update) {
    // An update is partial: clear what the user emptied.
    for (const field of CLEARABLE) if (body[field] === undefined) body[field] = null;
  }
  return body;
}

export function totalGrams(draft: Draft): number {
  return usableRows(draft).reduce((sum, row) => sum + (parseNumber(row.grams) ?? 0), 0);
}
