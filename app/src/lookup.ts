// Ingredient search across the account's ingredients and the food database, and a cache
// of what an id is (its name and allergens) for the builder's rows.
import { get, query } from './api';
import type { Food, Ingredient, Page } from './types';

export interface Choice {
  id: string;
  name: string;
  /** 'custom' (the account's), 'food' (food database) or 'recipe' (a sub-recipe). */
  kind: 'custom' | 'food' | 'recipe';
  allergens: string[];
  detail?: string;
  /** How the ingredient statement names it when a recipe line does not say otherwise. */
  printedName?: string;
}

const fromIngredient = (i: Ingredient): Choice => ({
  id: i.id,
  name: i.name,
  kind: 'custom',
  allergens: i.allergens,
  printedName: i.label_name ?? i.name,
});
const fromFood = (f: Food): Choice => ({
  id: f.id,
  name: f.description,
  kind: 'food',
  allergens: f.allergens ?? [],
  detail: f.food_group ?? undefined,
  printedName: f.label_name,
});

const known = new Map<string, Choice>();

export function remember(choice: Choice): void {
  known.set(choice.id, choice);
}

/** Suggestions for `text`: the account's ingredients first, then foods. */
export async function search(text: string, signal: AbortSignal): Promise<Choice[]> {
  const q = text.trim();
  if (!q) return [];
  const [mine, foods] = await Promise.all([
    get<Page<Ingredient>>(`/v1/ingredients${query({ q, limit: 5 })}`, { signal }),
    get<Page<Food>>(`/v1/foods${query({ q, limit: 8 })}`, { signal }),
  ]);
  const choices = [...mine.data.map(fromIngredient), ...foods.data.map(fromFood)];
  choices.forEach(remember);
  return choices;
}

const pending = new Map<string, Promise<Choice | null>>();

/** What `id` is; null for ids that cannot be looked up (sub-recipes, deleted ones). */
export function describe(id: string): Promise<Choice | null> {
  const cached = known.get(id);
  if (cached) return Promise.resolve(cached);
  let request = pending.get(id);
  if (!request) {
    const path = id.startsWith('fooddb:')
      ? `/v1/foods/${encodeURIComponent(id)}`
      : id.startsWith('ing_')
        ? `/v1/ingredients/${encodeURIComponent(id)}`
        : null;
    request = path
      ? get<Food | Ingredient>(path)
          .then((item) => {
            const choice = 'description' in item ? fromFood(item) : fromIngredient(item);
            remember(choice);
            return choice;
          })
          .catch(() => {
            pending.delete(id);
            return null;
          })
      : Promise.resolve(null);
    pending.set(id, request);
  }
  return request;
}

/**
 * The line's own `label_name`, or null when it only repeats the ingredient's default. A
 * recipe's representation always fills `label_name`; sending the default back would fix
 * it (and drop the ingredient's sub-ingredients), so only a name the line set is kept.
 */
export async function ownLabelName(line: { ingredient_id?: string | null; label_name?: string | null }): Promise<string | null> {
  if (!line.label_name || !line.ingredient_id) return null;
  const choice = await describe(line.ingredient_id);
  if (!choice || choice.printedName === undefined) return null;
  return line.label_name === choice.printedName ? null : line.label_name;
}
