// Shapes of the /v1 and /auth/v1 API as the app uses them (see GET /v1/openapi.json).

export type PlanId = 'free' | 'professional' | 'business' | string;

export interface Plan {
  id: PlanId;
  all_label_formats: boolean;
  export_file_types: string[];
  export_watermarked: boolean;
  live_embed: boolean;
  rest_access: boolean;
  webhooks: boolean;
  rate_limit_per_minute: number;
  max_concurrent_renders: number;
}

export interface Account {
  id: string;
  name: string;
  email: string;
  plan: Plan;
}

export interface SessionInfo {
  account: Account;
  csrf_token: string;
}

export type Nutrients = Record<string, number>;

export interface IngredientLine {
  ingredient_id?: string | null;
  name?: string | null;
  label_name?: string | null;
  grams: number;
  /** Amounts per 100 g that override the ingredient's data for this line. */
  nutrients?: Nutrients;
}

/** A recipe's package (US layouts and the RACC claims use; 21 CFR 101.9, 101.12). */
export interface Package {
  label_area_in2?: number;
  vertical_space_in?: number;
  racc_category?: string;
  net_quantity_g?: number;
  net_quantity_ml?: number;
}

/** What a label says of its package. */
export interface PackageReport {
  given: Package;
  racc?: { category: string; value: number; unit: string; citation: string };
  percent_of_racc?: number;
  layouts: { format: string; use: 'required' | 'allowed' | 'voluntary' | 'not_allowed'; citation: string; reason: string }[];
  allowed_formats: string[];
  required_formats: string[];
  chosen?: string;
  single_serving?: boolean;
  small_package_exemption_possible?: boolean;
}

/** The facts front-of-pack schemes need that a recipe does not hold. */
export interface FopFacts {
  state?: 'solid' | 'liquid';
  density_g_per_ml?: number;
  free_sugars_g_per_100g?: number;
  fruit_vegetable_legume_pct?: number;
  non_nutritive_sweeteners?: boolean;
  caffeine?: boolean;
  category?: string;
  reference_amount_g?: number;
}

/** One scheme's result in a label's `front_of_pack`. */
export interface FopResult {
  scheme: string;
  required: boolean;
  citation: string;
  status: string;
  marks: { code?: string; nutrient?: string; text?: string; why?: string; colour?: string; level?: string; grade?: string }[];
  missing?: string[];
  exempt?: string;
}

export interface Embed {
  token: string;
  script: string;
  iframe: string;
}

export interface Warning {
  code: string;
  message: string;
}

export interface Label {
  format: string;
  serving_size?: { text?: string | null; grams?: number };
  servings_per_container?: number;
  ingredient_statement?: string;
  allergens?: string[];
  contains_statement?: string | null;
  warnings?: Warning[];
  missing?: { nutrient: string; ingredients: string[]; more_ingredients?: number }[];
  package?: PackageReport;
  front_of_pack?: FopResult[];
  /** Why each voluntary row is declared (`requested`, `added_as_nutrient_supplement`). */
  voluntary?: Record<string, string>;
  display?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface Recipe {
  id: string;
  name: string;
  servings: number;
  serving_weight_g?: number;
  serving_size_text?: string | null;
  label_format: string;
  ingredients: IngredientLine[];
  label: Label | null;
  label_error?: { code?: string; message: string } | null;
  embed_enabled: boolean;
  embed: Embed | null;
  package?: Package | null;
  front_of_pack?: string[] | null;
  front_of_pack_facts?: FopFacts | null;
  voluntary_nutrients?: string[];
  cost?: unknown;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

export interface Ingredient {
  id: string;
  name: string;
  nutrients_per_100g: Nutrients;
  allergens: string[];
  label_name?: string | null;
  cost_per_unit?: number | null;
  unit?: string | null;
  archived: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface Food {
  id: string;
  description: string;
  label_name?: string;
  food_group?: string | null;
  allergens?: string[];
  nutrients_per_100g: Nutrients;
}

/** A format as `GET /v1/formats?view=light` lists it. */
export interface Format {
  id: string;
  aliases: string[];
  name: string;
  family: string;
  countries: string[];
  plan: PlanId;
  status: string;
  role?: string;
}

/** A row of 21 CFR 101.12(b) table 2 (`GET /v1/racc-categories`). */
export interface RaccCategory {
  id: string;
  product_category: string;
  name: string;
  value: number | null;
  unit: 'g' | 'mL' | null;
  measure?: string;
  citation: string;
  confirmed: boolean;
  notes: string;
}

/** A front-of-pack scheme (`GET /v1/fop-schemes`). */
export interface FopScheme {
  id: string;
  name: string;
  kind: string;
  markets: string[];
  required: boolean;
  status: string;
  citation: string;
}

/** A served country (`GET /v1/countries`). */
export interface Country {
  code: string;
  name: string;
  default_format: string | null;
  default_format_status?: string | null;
}

/** `GET /v1/recipes/{id}/labels`: one entry per market. */
export interface LabelSet {
  recipe_id: string;
  data: { format: string; country?: string | null; label?: Label; error?: { code: string; message: string } }[];
}

/** A row problem of an import. */
export interface ImportProblem {
  row: number;
  field: string;
  problem: string;
  code: string;
  suggestions?: unknown;
}

/** `POST /v1/imports` (dry run or not). */
export interface ImportReport {
  dry_run: boolean;
  rows: number;
  recipes: {
    name: string;
    first_row: number;
    last_row: number;
    id?: string;
    version?: number;
    label?: Label | null;
    label_error?: { code: string; message: string };
    lines?: { row: number; ingredient: string; ingredient_id: string; grams: number }[];
  }[];
  problems?: ImportProblem[];
  more_problems?: number;
}

export interface Claim {
  code: string;
  text: string;
  nutrient?: string;
  basis?: string;
  citation: string;
  /** What the label must say beside the claim, when the rule asks for it. */
  disclosure?: string;
}

export interface ResolvedLine {
  ingredient_id: string | null;
  name: string | null;
  resolved_name: string | null;
  label_name: string | null;
  grams: number;
  source: unknown;
}

export interface Analysis {
  label: Label;
  claims: Claim[];
  /** Why no claim was judged (no reference amount, 21 CFR 101.12(b)). */
  claims_withheld?: string;
  ingredients?: ResolvedLine[];
  cost?: unknown;
}

export interface HistoryEntry {
  version: number;
  type: string;
  occurred_at: string;
  actor: string;
  changes: unknown;
  label_changes?: { field: string; before: unknown; after: unknown }[];
  cause?: { type: string; id: string; version: number };
}

export interface History {
  id: string;
  data: HistoryEntry[];
}
