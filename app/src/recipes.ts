// Recipe requests shared by the screens.
import { get, post, query, request } from './api';
import { ownLabelName } from './lookup';
import type { IngredientLine, Page, Recipe } from './types';

export const recipePath = (id: string) => `/v1/recipes/${encodeURIComponent(id)}`;

export function listRecipes(q: string, cursor: string | null, limit = 20): Promise<Page<Recipe>> {
  return get<Page<Recipe>>(`/v1/recipes${query({ q, cursor, limit })}`);
}

export async function loadRecipe(id: string): Promise<{ recipe: Recipe; etag: string | null }> {
  const reply = await request<Recipe>('GET', recipePath(id));
  return { recipe: reply.data, etag: reply.etag };
}

/** A line as a create or update request takes it. */
export function lineBody(line: IngredientLine): Record<string, unknown> {
  const body: Record<string, unknown> = { grams: line.grams };
  if (line.ingredient_id) body.ingredient_id = line.ingredient_id;
  else if (line.name) body.name = line.name;
  if (line.label_name) body.label_name = line.label_name;
  if (line.nutrients && Object.keys(line.nutrients).length) body.nutrients = line.nutrients;
  return body;
}

/** A copy of `recipe` named "<name> (copy)", embed off. */
export async function duplicateRecipe(recipe: Recipe): Promise<Recipe> {
  // Only the label names the lines set themselves (see ownLabelName).
  const own = await Promise.all(recipe.ingredients.map(ownLabelName));
  const lines = recipe.ingredients.map((line, i) => ({ ...line, label_name: own[i] }));
  const total = recipe.ingredients.reduce((sum, line) => sum + line.grams, 0);
  const body: Record<string, unknown> = {
    name: `${recipe.name} (copy)`.slice(0, 200),
    servings: recipe.servings,
    label_format: recipe.label_format,
    ingredients: lines.map(lineBody),
  };
  // The representation always holds a serving weight; copy it only when it was set (it
  // differs from the default of total grams / servings).
  const weight = recipe.serving_weight_g;
  if (weight !== undefined && Math.abs(weight - total / recipe.servings) > 0.0005) body.serving_weight_g = weight;
  if (recipe.serving_size_text) body.serving_size_text = recipe.serving_size_text;
  return post<Recipe>('/v1/recipes', body);
}
