// The fetch every request goes through: the API key, retries on 429/503 that honour
// Retry-After, and non-2xx answers turned into typed errors. Given to openapi-fetch, so the
// generated-types client (`NlsClient.raw`) gets the same behaviour as the helpers.

import { errorFromResponse, retryAfterSeconds } from "./errors.js";

export interface TransportOptions {
  apiKey: string;
  /** Retries after a 429 `rate_limited` or a 503 before giving up (default 3). */
  maxRetries?: number;
  /** Longest single wait in seconds, whatever Retry-After says (default 60). */
  maxWaitSeconds?: number;
  /** Called before each retry with the wait in seconds; for logging. */
  onRetry?: (info: { status: number; waitSeconds: number; attempt: number }) => void;
  fetch?: typeof fetch;
}

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * A 429 is retried only for `rate_limited`: `payload_too_large` is also a 429 with
 * Retry-After, but the same body would be refused again. A 503 (`unavailable`: the database
 * is busy, a password check is queued) is retried whatever its body says.
 */
async function isRetryable(response: Response): Promise<boolean> {
  if (response.status === 503) return true;
  if (response.status !== 429) return false;
  try {
    const body = (await response.clone().json()) as { error?: { code?: string } };
    return body.error?.code !== "payload_too_large";
  } catch {
    return true;
  }
}

export function createTransport(options: TransportOptions): typeof fetch {
  const base = options.fetch ?? globalThis.fetch;
  const maxRetries = options.maxRetries ?? 3;
  const maxWait = options.maxWaitSeconds ?? 60;
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (!request.headers.has("authorization")) {
      request.headers.set("authorization", `Bearer ${options.apiKey}`);
    }
    for (let attempt = 0; ; attempt++) {
      // A clone per attempt: a body stream can be read once.
      const response = await base(request.clone());
      if (response.ok) return response;
      if (attempt < maxRetries && (await isRetryable(response))) {
        const waitSeconds = Math.min(retryAfterSeconds(response) ?? 2 ** attempt, maxWait);
        options.onRetry?.({ status: response.status, waitSeconds, attempt: attempt + 1 });
        await response.body?.cancel();
        await sleep(waitSeconds);
        continue;
      }
      throw await errorFromResponse(response);
    }
  };
}
