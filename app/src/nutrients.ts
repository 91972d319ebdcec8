// Nutrient keys of the API (as in `nutrients_per_100g`) with the names the app shows.

/** The nutrients of a US label, in the order of 21 CFR 101.9(c). */
export const LABEL_NUTRIENTS: [string, string][] = [
  ['calories', 'Calories (kcal)'],
  ['total_fat_g', 'Total fat (g)'],
  ['saturated_fat_g', 'Saturated fat (g)'],
  ['trans_fat_g', 'Trans fat (g)'],
  ['cholesterol_mg', 'Cholesterol (mg)'],
  ['sodium_mg', 'Sodium (mg)'],
  ['total_carbohydrate_g', 'Total carbohydrate (g)'],
  ['dietary_fiber_g', 'Dietary fiber (g)'],
  ['total_sugars_g', 'Total sugars (g)'],
  ['added_sugars_g', 'Added sugars (g)'],
  ['protein_g', 'Protein (g)'],
  ['vitamin_d_mcg', 'Vitamin D (mcg)'],
  ['calcium_mg', 'Calcium (mg)'],
  ['iron_mg', 'Iron (mg)'],
  ['potassium_mg', 'Potassium (mg)'],
];

/**
 * Nutrients a US label declares only when asked (`voluntary_nutrients`): the fats, fibers
 * and sugar alcohol of 21 CFR 101.9(c)(2)(iii)-(iv), (c)(6), then the vitamins and
 * minerals of 101.9(c)(8)(iv), in the order the README lists them.
 */
export const VOLUNTARY_NUTRIENTS: [string, string][] = [
  ['polyunsaturated_fat_g', 'Polyunsaturated fat'],
  ['monounsaturated_fat_g', 'Monounsaturated fat'],
  ['soluble_fiber_g', 'Soluble fiber'],
  ['insoluble_fiber_g', 'Insoluble fiber'],
  ['sugar_alcohols_g', 'Sugar alcohol'],
  ['vitamin_a_mcg', 'Vitamin A'],
  ['vitamin_c_mg', 'Vitamin C'],
  ['vitamin_e_mg', 'Vitamin E'],
  ['vitamin_k_mcg', 'Vitamin K'],
  ['thiamin_mg', 'Thiamin'],
  ['riboflavin_mg', 'Riboflavin'],
  ['niacin_mg', 'Niacin'],
  ['vitamin_b6_mg', 'Vitamin B6'],
  ['folate_mcg', 'Folate'],
  ['vitamin_b12_mcg', 'Vitamin B12'],
  ['phosphorus_mg', 'Phosphorus'],
  ['magnesium_mg', 'Magnesium'],
  ['zinc_mg', 'Zinc'],
  ['selenium_mcg', 'Selenium'],
  ['copper_mg', 'Copper'],
  ['manganese_mg', 'Manganese'],
];

/** A nutrient key's name with its unit, e.g. `trans_fat_g` -> `Trans fat (g)`. */
export function nutrientName(key: string): string {
  const known = LABEL_NUTRIENTS.find(([k]) => k === key)?.[1];
  if (known) return known;
  const unit = /_(g|mg|mcg)$/.exec(key)?.[1];
  const voluntary = VOLUNTARY_NUTRIENTS.find(([k]) => k === key)?.[1];
  const base = voluntary ?? key.replace(/_(g|mg|mcg)$/, '').replace(/_/g, ' ');
  const name = base.charAt(0).toUpperCase() + base.slice(1);
  return unit ? `${name} (${unit})` : name;
}
