// The one HTTP client of the app: same-origin requests with the session cookie, the CSRF
// header on every state-changing request, and the API's error body turned into ApiError.

export interface ErrorBody {
  error?: { code?: string; message?: string; details?: unknown };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** Seconds, from a 429's Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

let csrfToken = '';
let onUnauthorized: (() => void) | null = null;

export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** Called when a signed-in request comes back 401 (the session ended elsewhere). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  body?: unknown;
  /** A body sent as it is (a file), with its media type; instead of a JSON `body`. */
  raw?: { data: Blob | ArrayBuffer | string; contentType: string };
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Do not call the 401 handler (sign-in and session checks expect 401). */
  quiet401?: boolean;
}

export interface Reply<T> {
  data: T;
  etag: string | null;
  response: Response;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.raw) headers['content-type'] = options.raw.contentType;
  if (UNSAFE.has(method) && csrfToken) headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.raw ? options.raw.data : options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'network', 'The service cannot be reached. Check your connection and try again.');
  }
  if (!response.ok) throw await toError(response, options);
  return response;
}

async function toError(response: Response, options: RequestOptions): Promise<ApiError> {
  let body: ErrorBody = {};
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    // not JSON: fall back to the status text below
  }
  const retry = Number(response.headers.get('retry-after'));
  const code = body.error?.code ?? `http_${response.status}`;
  const message = body.error?.message ?? fallbackMessage(response.status);
  if (response.status === 401 && !options.quiet401 && onUnauthorized) onUnauthorized();
  return new ApiError(
    response.status,
    code,
    message,
    body.error?.details,
    Number.isFinite(retry) && retry > 0 ? retry : undefined,
  );
}

function fallbackMessage(status: number): string {
  if (status === 401) return 'Please sign in again.';
  if (status === 403) return 'Your plan does not allow this.';
  if (status === 404) return 'Not found. It may have been deleted.';
  if (status === 429) return 'Too many requests. Please wait a moment.';
  if (status >= 500) return 'The service had a problem. Please try again.';
  return `The request failed (HTTP ${status}).`;
}

/** A JSON request; a 204 gives `null` data. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<Reply<T>> {
  const response = await send(method, path, options);
  const data = response.status === 204 ? null : await response.json();
  return { data: data as T, etag: response.headers.get('etag'), response };
}

/** A request whose answer is text (an SVG drawing). */
export async function requestText(method: string, path: string, options: RequestOptions = {}): Promise<string> {
  const response = await send(method, path, { ...options, headers: { accept: '*/*', ...options.headers } });
  return response.text();
}

export const get = <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options).then((r) => r.data);
export const post = <T>(path: string, body: unknown, options?: RequestOptions) =>
  request<T>('POST', path, { ...options, body }).then((r) => r.data);
export const del = (path: string, options?: RequestOptions) => request<null>('DELETE', path, options).then(() => undefined);

/** `?a=1&b=2` from the defined, non-empty values. */
export function query(params: Record<string, string | number | boolean | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The message to show for any thrown value. */
export function messageOf(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error) return err.message;
  return String(err);
}

/** Field-level problems of a 400 `validation_failed`, keyed by field. */
export function fieldProblems(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(err instanceof ApiError) || !Array.isArray(err.details)) return out;
  for (const item of err.details as unknown[]) {
    if (item && typeof item === 'object') {
      const { field, problem } = item as { field?: unknown; problem?: unknown };
      if (typeof field === 'string' && typeof problem === 'string') out[field] = problem;
    }
  }
  return out;
}
