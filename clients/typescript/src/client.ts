// The hand-written layer over the generated types: openapi-fetch does the typed requests;
// this adds what a generator cannot know (defaults, Idempotency-Key on creates, If-Match and
// the re-read-and-retry helper, pagination). It depends only on the API's paths and the
// schema names of components.schemas, both part of the v1 contract.

import createClient from "openapi-fetch";
import type { components, paths } from "./generated/schema.js";
import { VersionMismatchError } from "./errors.js";
import { paginate } from "./pagination.js";
import { createTransport, type TransportOptions } from "./transport.js";

export type Schemas = components["schemas"];
export type Recipe = Schemas["Recipe"];
// One request body documents both the create and the partial update (the create checks
// the required fields).
export type RecipeCreate = Schemas["RecipeBody"];
export type RecipeUpdate = Schemas["RecipeBody"];
export type Ingredient = Schemas["Ingredient"];
export type IngredientCreate = Schemas["IngredientBody"];
export type IngredientUpdate = Schemas["IngredientBody"];
export type Food = Schemas["Food"];
export type Webhook = Schemas["Webhook"];
export type WebhookCreate = Schemas["WebhookCreate"];
export type WebhookWithSecret = Schemas["WebhookWithSecret"];
export type LabelFile = "label.svg" | "label.png" | "label.pdf";

export interface ClientOptions extends Partial<TransportOptions> {
  /** The service's origin, e.g. `https://labels.example.com` (a trailing `/v1` is accepted). */
  baseUrl: string;
  apiKey: string;
}

export interface ListQuery {
  q?: string;
  /** Page size (1 to 200); the iterator fetches pages until the list ends. */
  limit?: number;
  include_archived?: boolean;
}

/** An `If-Match` value for a version, as `ETag` carries it. */
export const etag = (version: number): string => `"${version}"`;

/** The request succeeded (the transport throws otherwise), so the body is there. */
function body<T>(result: { data?: T }): T {
  return result.data as T;
}

export class NlsClient {
  /** The openapi-fetch client over every operation of the document, with the same auth, retries and errors. */
  readonly raw;

  constructor(options: ClientOptions) {
    const baseUrl = options.baseUrl.replace(/\/+$/, "").replace(/\/v1$/, "");
    this.raw = createClient<paths>({ baseUrl, fetch: createTransport(options) });
  }

  // Recipes ---------------------------------------------------------------------------

  /** Creates a recipe; a retry with the same `idempotencyKey` (a fresh UUID by default) returns the first answer. */
  async createRecipe(recipe: RecipeCreate, options: { idempotencyKey?: string } = {}): Promise<Recipe> {
    return body(
      await this.raw.POST("/v1/recipes", {
        body: recipe,
        params: { header: { "Idempotency-Key": options.idempotencyKey ?? crypto.randomUUID() } },
      }),
    );
  }

  async getRecipe(id: string, at: { version?: number; as_of?: string } = {}): Promise<Recipe> {
    return body(await this.raw.GET("/v1/recipes/{id}", { params: { path: { id }, query: at } }));
  }

  /** Partial update; with `ifMatch` (a version) it applies only to that version, else 412 {@link VersionMismatchError}. */
  async updateRecipe(id: string, changes: RecipeUpdate, options: { ifMatch?: number } = {}): Promise<Recipe> {
    const header = options.ifMatch === undefined ? {} : { "If-Match": etag(options.ifMatch) };
    return body(await this.raw.PUT("/v1/recipes/{id}", { body: changes, params: { path: { id }, header } }));
  }

  /**
   * Reads the recipe, asks `change` for the update to make to that version, and writes it
   * with `If-Match`; when someone else wrote in between (412), reads again and asks again.
   */
  async updateRecipeRetrying(
    id: string,
    change: (current: Recipe) => RecipeUpdate | Promise<RecipeUpdate>,
    options: { attempts?: number } = {},
  ): Promise<Recipe> {
    return retryOnVersionMismatch(options.attempts ?? 5, async () => {
      const current = await this.getRecipe(id);
      return this.updateRecipe(id, await change(current), { ifMatch: current.version });
    });
  }

  async deleteRecipe(id: string, options: { ifMatch?: number } = {}): Promise<void> {
    const header = options.ifMatch === undefined ? {} : { "If-Match": etag(options.ifMatch) };
    await this.raw.DELETE("/v1/recipes/{id}", { params: { path: { id }, header } });
  }

  /** Every recipe (filtered by `q`), page after page. */
  recipes(query: ListQuery = {}): AsyncGenerator<Recipe> {
    return paginate(async (cursor) =>
      body(await this.raw.GET("/v1/recipes", { params: { query: { ...query, cursor } } })),
    );
  }

  /** The label drawn as SVG text. */
  async labelSvg(id: string): Promise<string> {
    const result = await this.raw.GET("/v1/recipes/{id}/{file}", {
      params: { path: { id, file: "label.svg" } },
      parseAs: "text",
    });
    return body(result) as unknown as string;
  }

  /** A label file's bytes (SVG, PNG or PDF). */
  async labelFile(id: string, file: LabelFile): Promise<Uint8Array> {
    const result = await this.raw.GET("/v1/recipes/{id}/{file}", {
      params: { path: { id, file } },
      parseAs: "arrayBuffer",
    });
    return new Uint8Array(body(result) as unknown as ArrayBuffer);
  }

  // Ingredients -----------------------------------------------------------------------

  async createIngredient(ingredient: IngredientCreate, options: { idempotencyKey?: string } = {}): Promise<Ingredient> {
    return body(
      await this.raw.POST("/v1/ingredients", {
        body: ingredient,
        params: { header: { "Idempotency-Key": options.idempotencyKey ?? crypto.randomUUID() } },
      }),
    );
  }

  async getIngredient(id: string): Promise<Ingredient> {
    return body(await this.raw.GET("/v1/ingredients/{id}", { params: { path: { id } } }));
  }

  async updateIngredient(id: string, changes: IngredientUpdate, options: { ifMatch?: number } = {}): Promise<Ingredient> {
    const header = options.ifMatch === undefined ? {} : { "If-Match": etag(options.ifMatch) };
    return body(await this.raw.PUT("/v1/ingredients/{id}", { body: changes, params: { path: { id }, header } }));
  }

  /** Like {@link updateRecipeRetrying}, for a custom ingredient. */
  async updateIngredientRetrying(
    id: string,
    change: (current: Ingredient) => IngredientUpdate | Promise<IngredientUpdate>,
    options: { attempts?: number } = {},
  ): Promise<Ingredient> {
    return retryOnVersionMismatch(options.attempts ?? 5, async () => {
      const current = await this.getIngredient(id);
      return this.updateIngredient(id, await change(current), { ifMatch: current.version });
    });
  }

  ingredients(query: ListQuery = {}): AsyncGenerator<Ingredient> {
    return paginate(async (cursor) =>
      body(await this.raw.GET("/v1/ingredients", { params: { query: { ...query, cursor } } })),
    );
  }

  // Foods and webhooks ----------------------------------------------------------------

  /** Foods of the shipped database matching `q`, page after page. */
  foods(query: { q?: string; limit?: number } = {}): AsyncGenerator<Food> {
    return paginate(async (cursor) =>
      body(await this.raw.GET("/v1/foods", { params: { query: { ...query, cursor } } })),
    );
  }

  /**
   * Registers a webhook endpoint; the answer's `secret` is shown this once. (The service
   * keeps no Idempotency-Key for webhooks, so none is sent.)
   */
  async createWebhook(webhook: WebhookCreate): Promise<WebhookWithSecret> {
    return body(await this.raw.POST("/v1/webhooks", { body: webhook }));
  }
}

async function retryOnVersionMismatch<T>(attempts: number, write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!(err instanceof VersionMismatchError) || attempt >= attempts) throw err;
    }
  }
}
