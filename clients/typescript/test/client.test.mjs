// Against a live service: NLS_URL and NLS_API_KEY (scripts/clients.sh test starts one), and
// NLS_LIMITED_URL, a server with a low rate limit. Runs the built package (npm run build).
import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer } from "node:http";
import { randomUUID } from "node:crypto";
import { test } from "node:test";

import {
  AuthenticationError,
  BadRequestError,
  NlsClient,
  NotFoundError,
  VersionMismatchError,
  WebhookVerificationError,
  verifyWebhook,
} from "../dist/index.js";

const { NLS_URL, NLS_API_KEY, NLS_LIMITED_URL } = process.env;
const live = { skip: !(NLS_URL && NLS_API_KEY) && "NLS_URL and NLS_API_KEY name no live server" };
const client = () => new NlsClient({ baseUrl: NLS_URL, apiKey: NLS_API_KEY });
const unique = () => `ts-${randomUUID().slice(0, 10)}`;
const pancakes = (name) => ({
  name,
  servings: 4,
  ingredients: [
    { name: "all-purpose flour", grams: 250 },
    { name: "milk", grams: 300 },
  ],
});
const MISSING = "rcp_01962d3b6a8c7f0e9d2b4c5a6e7f8091";

test("a create retried with its Idempotency-Key returns the first recipe", live, async () => {
  const nls = client();
  const name = unique();
  const first = await nls.createRecipe(pancakes(name), { idempotencyKey: name });
  const again = await nls.createRecipe(pancakes(name), { idempotencyKey: name });
  assert.equal(again.id, first.id);
  assert.equal(first.version, 1);
  const listed = [];
  for await (const recipe of nls.recipes({ q: name })) listed.push(recipe.id);
  assert.deepEqual(listed, [first.id]);
  // Without a key of the caller's, each create gets a fresh one: a second recipe.
  assert.notEqual((await nls.createRecipe(pancakes(name))).id, first.id);
});

test("a stale If-Match throws and the retrying update applies to the current version", live, async () => {
  const nls = client();
  const recipe = await nls.createRecipe(pancakes(unique()));
  await nls.updateRecipe(recipe.id, { servings: 5 }, { ifMatch: recipe.version });
  await assert.rejects(nls.updateRecipe(recipe.id, { servings: 6 }, { ifMatch: recipe.version }), (err) => {
    assert.ok(err instanceof VersionMismatchError);
    assert.equal(err.status, 412);
    assert.equal(err.code, "version_mismatch");
    assert.ok(err.requestId);
    return true;
  });

  const seen = [];
  const updated = await nls.updateRecipeRetrying(recipe.id, async (current) => {
    seen.push(current.version);
    if (seen.length === 1) {
      // Someone else writes between our read and our write: ours must get 412 and retry.
      await nls.updateRecipe(recipe.id, { servings: 7 });
    }
    return { servings: current.servings * 2 };
  });
  assert.deepEqual(seen, [2, 3]);
  assert.equal(updated.servings, 14);
  assert.equal(updated.version, 4);
});

test("lists are read page after page", live, async () => {
  const nls = client();
  const name = unique();
  const made = new Set();
  for (let i = 0; i < 5; i++) {
    made.add((await nls.createIngredient({ name: `${name} paste ${i}`, nutrients_per_100g: { calories: 100 + i } })).id);
  }
  const listed = [];
  for await (const ingredient of nls.ingredients({ q: name, limit: 2 })) listed.push(ingredient.id);
  assert.equal(listed.length, 5);
  assert.deepEqual(new Set(listed), made);
});

test("errors are typed and carry the body and request id", live, async () => {
  const nls = client();
  await assert.rejects(nls.getRecipe(MISSING), (err) => err instanceof NotFoundError && err.code === "not_found" && !!err.requestId);
  await assert.rejects(
    nls.createRecipe({ name: unique(), servings: 0, ingredients: [{ name: "milk", grams: 100 }] }),
    (err) => err instanceof BadRequestError && err.code === "validation_failed" && err.details.some((d) => d.field === "servings"),
  );
  const stranger = new NlsClient({ baseUrl: NLS_URL, apiKey: `nls_${"A".repeat(43)}` });
  await assert.rejects(stranger.getRecipe(MISSING), (err) => err instanceof AuthenticationError && err.status === 401);
  // The generated-types client goes through the same transport.
  await assert.rejects(nls.raw.GET("/v1/recipes/{id}", { params: { path: { id: MISSING } } }), NotFoundError);
});

test(
  "rate-limited requests are retried after Retry-After",
  { skip: (live.skip || !NLS_LIMITED_URL) && "NLS_LIMITED_URL names no server with a low rate limit" },
  async () => {
    const waits = [];
    const apiKey = process.env.NLS_LIMITED_API_KEY || NLS_API_KEY;
    const nls = new NlsClient({ baseUrl: NLS_LIMITED_URL, apiKey, onRetry: (info) => waits.push(info) });
    // 30 a minute, burst 30: a burst of 33 meets the limit, and every request still succeeds.
    for (let i = 0; i < 33; i++) {
      const { value } = await nls.foods({ q: "banana", limit: 1 }).next();
      assert.match(value.id, /^fooddb:/);
    }
    assert.ok(waits.length > 0, "the limiter never answered 429");
    assert.ok(waits.every((w) => w.status === 429 && w.waitSeconds >= 1));
  },
);

test("a delivery the service signed verifies and a tampered one does not", live, async () => {
  const nls = client();
  const deliveries = [];
  const receiver = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      deliveries.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(204).end();
    });
  });
  receiver.listen(0, "127.0.0.1");
  await once(receiver, "listening");
  try {
    const hook = await nls.createWebhook({ url: `http://127.0.0.1:${receiver.address().port}/hook`, events: ["label.changed"] });
    await nls.raw.POST("/v1/webhooks/{id}/test", { params: { path: { id: hook.id } } });
    for (let i = 0; i < 300 && deliveries.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    assert.ok(deliveries.length > 0, "no delivery arrived");
    const { headers, body } = deliveries[0];

    const event = await verifyWebhook(hook.secret, headers, new Uint8Array(body));
    assert.equal(event.type, "ping");
    const tampered = new Uint8Array(Buffer.from(body.toString().replace("ping", "pong")));
    await assert.rejects(verifyWebhook(hook.secret, headers, tampered), WebhookVerificationError);
    const later = Number(headers["webhook-timestamp"]) + 3600;
    await assert.rejects(verifyWebhook(hook.secret, headers, body.toString(), { now: later }), WebhookVerificationError);
    await assert.rejects(verifyWebhook(`whsec_${"A".repeat(43)}=`, headers, body.toString()), WebhookVerificationError);
  } finally {
    receiver.close();
  }
});
