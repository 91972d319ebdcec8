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
  nutrients?: Nutrients;
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

export interface Format {
  id: string;
  aliases: string[];
  name: string;
  family: string;
  countries: string[];
  plan: PlanId;
  status: string;
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
