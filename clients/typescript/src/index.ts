export { NlsClient, etag } from "./client.js";
export type {
  ClientOptions,
  Food,
  Ingredient,
  IngredientCreate,
  IngredientUpdate,
  LabelFile,
  ListQuery,
  Recipe,
  RecipeCreate,
  RecipeUpdate,
  Schemas,
  Webhook,
  WebhookCreate,
  WebhookWithSecret,
} from "./client.js";
export {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  NlsError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ServerError,
  UnprocessableError,
  VersionMismatchError,
  errorFromResponse,
} from "./errors.js";
export { paginate, type Page } from "./pagination.js";
export { createTransport, type TransportOptions } from "./transport.js";
export { verifyWebhook, WebhookVerificationError, type VerifyOptions } from "./webhooks.js";
export type { components, paths, operations } from "./generated/schema.js";
