// Typed errors: one class per family of the service's error codes (web/src/error.rs sends
// every code with one fixed status, so the status names the family and a code added later
// still lands in the right class).

/** The JSON error body every error response carries: `{"error": {code, message, details?}}`. */
export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

/** Any error answer of the service. */
export class NlsError extends Error {
  /** HTTP status. */
  readonly status: number;
  /** Stable machine code, e.g. `validation_failed` (see `components.x-error-codes`). */
  readonly code: string;
  /** Per-code details (shape in `components.x-error-details`), when the service sent any. */
  readonly details: unknown;
  /** The `x-request-id` of the failed request: quote it to the operator. */
  readonly requestId: string | null;
  /** Seconds the service asked to wait (`Retry-After`), when it said. */
  readonly retryAfter: number | null;

  constructor(status: number, body: ErrorBody["error"], requestId: string | null, retryAfter: number | null) {
    super(`${body.code}: ${body.message}`);
    this.name = new.target.name;
    this.status = status;
    this.code = body.code;
    this.details = body.details ?? null;
    this.requestId = requestId;
    this.retryAfter = retryAfter;
  }
}

/** 400 and 415: the request is malformed or names something unknown. */
export class BadRequestError extends NlsError {}
/** 401: missing, malformed, unknown or revoked key. */
export class AuthenticationError extends NlsError {}
/** 403: the plan does not include this (`plan_*`), or `csrf_failed`. */
export class PermissionDeniedError extends NlsError {}
/** 404: no such resource, or another account's. */
export class NotFoundError extends NlsError {}
/** 409: a conflict with stored state (`ingredient_in_use`, `idempotency_key_reused`, ...). */
export class ConflictError extends NlsError {}
/** 412 `version_mismatch`: the `If-Match` version is no longer the current one. */
export class VersionMismatchError extends NlsError {}
/** 422: understood, but the label cannot be made as asked. */
export class UnprocessableError extends NlsError {}
/** 429: `rate_limited` (retried by the client) or `payload_too_large`. */
export class RateLimitError extends NlsError {}
/** 5xx: the service failed or is unavailable. */
export class ServerError extends NlsError {}

function classFor(status: number): typeof NlsError {
  switch (status) {
    case 400:
    case 415:
      return BadRequestError;
    case 401:
      return AuthenticationError;
    case 403:
      return PermissionDeniedError;
    case 404:
      return NotFoundError;
    case 409:
      return ConflictError;
    case 412:
      return VersionMismatchError;
    case 422:
      return UnprocessableError;
    case 429:
      return RateLimitError;
    default:
      return status >= 500 ? ServerError : NlsError;
  }
}

/** Reads an error response into its typed error (a body that is not the JSON shape still gives one). */
export async function errorFromResponse(response: Response): Promise<NlsError> {
  let body: ErrorBody["error"] = { code: "unknown", message: `HTTP ${response.status}` };
  const text = await response.text();
  try {
    const parsed = JSON.parse(text) as Partial<ErrorBody>;
    if (parsed.error && typeof parsed.error.code === "string") {
      body = { code: parsed.error.code, message: String(parsed.error.message ?? ""), details: parsed.error.details };
    }
  } catch {
    if (text) body = { ...body, message: text.slice(0, 200) };
  }
  const ErrorClass = classFor(response.status);
  return new ErrorClass(response.status, body, response.headers.get("x-request-id"), retryAfterSeconds(response));
}

/** `Retry-After` in whole seconds (the service sends delta-seconds only). */
export function retryAfterSeconds(response: Response): number | null {
  const value = Number.parseInt(response.headers.get("retry-after") ?? "", 10);
  return Number.isFinite(value) && value >= 0 ? value : null;
}
