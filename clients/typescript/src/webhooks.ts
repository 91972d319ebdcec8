// Verifies a webhook delivery as docs/WEBHOOKS.md describes (Standard Webhooks):
// `webhook-signature` holds one or more `v1,<base64 HMAC-SHA256(secret, "{id}.{timestamp}.{body}")>`
// (two during a secret rotation); any match is enough. WebCrypto, so it runs in Node and browsers.

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

export interface VerifyOptions {
  /** Refuse deliveries whose timestamp is further than this from now (default 300 s), against replays. */
  toleranceSeconds?: number;
  /** Unix seconds taken as now (tests). */
  now?: number;
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string {
  const value = headers instanceof Headers ? headers.get(name) : (headers[name] ?? headers[name.toLowerCase()]);
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) throw new WebhookVerificationError(`missing ${name} header`);
  return text;
}

function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

/** Compares without stopping at the first difference, so timing says nothing of the secret. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Checks a delivery's signature and age and returns its parsed body
 * (`{type, timestamp, data}`); throws {@link WebhookVerificationError} otherwise.
 * `body` must be the raw bytes received, before any JSON parsing.
 */
export async function verifyWebhook(
  secret: string,
  headers: HeaderSource,
  body: string | Uint8Array,
  options: VerifyOptions = {},
): Promise<{ type: string; timestamp: string; data: unknown }> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");

  const sentAt = Number.parseInt(timestamp, 10);
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (!Number.isFinite(sentAt) || Math.abs(now - sentAt) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError("webhook-timestamp is missing or too far from now");
  }

  const bodyBytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const prefix = new TextEncoder().encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + bodyBytes.length);
  signed.set(prefix);
  signed.set(bodyBytes, prefix.length);

  const key = await crypto.subtle.importKey(
    "raw",
    base64ToBytes(secret.replace(/^whsec_/, "")),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const expected = `v1,${bytesToBase64(new Uint8Array(await crypto.subtle.sign("HMAC", key, signed)))}`;
  if (!signatures.split(" ").some((candidate) => constantTimeEqual(candidate, expected))) {
    throw new WebhookVerificationError("no signature matches");
  }
  return JSON.parse(new TextDecoder().decode(bodyBytes));
}
