// The builder's editable state and how it becomes an analyze or save request.
import type { IngredientLine, Nutrients, Recipe } from '../../types';
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

export interface Draft {
  name: string;
  servings: string;
  servingText: string;
  servingGrams: string;
  format: string;
  rows: Row[];
}

let counter = 0;
export const newKey = () => `r${++counter}`;

export const emptyRow = (): Row => ({ key: newKey(), text: '', ingredientId: null, grams: '' });

export function emptyDraft(): Draft {
  return { name: '', servings: '1', servingText: '', servingGrams: '', format: 'standard', rows: [emptyRow()] };
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
  return body;
}

/** The create (POST) or update (PUT) body. */
export function saveBody(draft: Draft, update: boolean): Record<string, unknown> {
  const body = analyzeBody(draft);
  body.name = draft.name.trim();
  if (update) {
    // An update is partial: clear what the user emptied.
    if (body.serving_weight_g === undefined) body.serving_weight_g = null;
    if (body.serving_size_text === undefined) body.serving_size_text = null;
  }
  return body;
}

export function totalGrams(draft: Draft): number {
  return usableRows(draft).reduce((sum, row) => sum + (parseNumber(row.grams) ?? 0), 0);
}
