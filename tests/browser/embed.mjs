// Drives headless Chromium through the live embed. Started by tests/api/embed.rs, which
// runs the service and a host page on another origin, and passes (env):
//   SERVICE_URL, HOST_URL, API_KEY, RECIPE_A, TOKEN_A, RECIPE_B, TOKEN_B, INGREDIENT_B
// Recipe A: 100 g of ingredient A, 1 serving (400 kcal). Recipe B: 100 g of INGREDIENT_B,
// 1 serving (400 kcal). The host page embeds A (290 px), B (350 px) and a bad token.
// Exits 0 when every check passes; prints one JSON line of timings.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumOptions } from './chromium.mjs';

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`missing env ${name}`);
  return value;
};
const SERVICE = env('SERVICE_URL');
const HOST = env('HOST_URL');
const KEY = env('API_KEY');
const [RECIPE_A, TOKEN_A, RECIPE_B, TOKEN_B, INGREDIENT_B] =
  ['RECIPE_A', 'TOKEN_A', 'RECIPE_B', 'TOKEN_B', 'INGREDIENT_B'].map(env);
const LIVE_MS = Number(process.env.LIVE_MS || 1000);
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// The schema.org blocks the host page carries (parsed), in document order.
const hostData = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => {
      try { return JSON.parse(s.textContent); } catch (e) { return { unparsable: s.textContent }; }
    }),
  );

// Polls the host page until `test(blocks)` holds.
async function waitForHostData(page, test, within, what) {
  const start = Date.now();
  for (;;) {
    const blocks = await hostData(page);
    if (test(blocks)) return blocks;
    if (Date.now() - start > within) throw new Error(`${what}: ${JSON.stringify(blocks)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// axe-core on a page: fails on serious or critical violations.
async function axeCheck(page, what) {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
  });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  check(bad.length === 0, `axe on ${what}: ${JSON.stringify(bad)}`);
  return violations;
}

function check(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
}

async function api(method, path, body) {
  const response = await fetch(SERVICE + path, {
    method,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  check(response.ok, `${method} ${path} -> ${response.status} ${await response.clone().text()}`);
  return response.json();
}

const frameFor = (page, token) => page.frames().find((f) => f.url().includes(`/embed/${token}`));

// The label's text as the page shows it (SVG text content), or '' when empty.
const labelText = (frame) =>
  frame.evaluate(() => {
    const svg = document.querySelector('#label svg');
    return svg ? svg.textContent : '';
  });

// [iframe element height in the host, content height inside the frame]
async function heights(page, frame, token) {
  const outer = await page.evaluate(
    (t) => {
      const el = [...document.querySelectorAll('iframe')].find((f) => f.src.includes(t));
      return el ? el.getBoundingClientRect().height : -1;
    },
    token,
  );
  const inner = await frame.evaluate(() => document.documentElement.scrollHeight);
  const box = await frame.evaluate(() =>
    Math.ceil(document.getElementById('label').getBoundingClientRect().height),
  );
  return { outer, inner, box };
}

// Polls `source` in the frame every 10 ms until it is true; returns the elapsed ms. (Not
// waitForFunction: its polling evaluates strings, which the page's CSP rightly forbids.)
async function waitForLabel(frame, source, arg, within) {
  const start = Date.now();
  for (;;) {
    if (await frame.evaluate(source, arg)) return Date.now() - start;
    if (Date.now() - start > within) throw new Error(`not within ${within} ms: ${source}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const userDataDir = mkdtempSync(join(tmpdir(), 'nls-chromium-'));
const context = await chromium.launchPersistentContext(userDataDir, chromiumOptions(['--disable-quic']));
const timings = {};
let failed = null;
try {
  const page = context.pages()[0] || (await context.newPage());
  const pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(String(err)));
  await page.goto(HOST, { waitUntil: 'load' });

  // Two labels show, each iframe as tall as its content; the bad token's iframe stays 0.
  await page.waitForFunction(
    () => [...document.querySelectorAll('iframe')].filter((f) => f.offsetHeight > 0).length === 2,
    null,
    { timeout: 10000, polling: 50 },
  );
  const frames = await page.evaluate(() =>
    [...document.querySelectorAll('iframe')].map((f) => ({
      src: f.src,
      title: f.title,
      width: f.getBoundingClientRect().width,
      height: f.getBoundingClientRect().height,
    })),
  );
  check(frames.length === 3, `three iframes: ${JSON.stringify(frames)}`);
  check(frames.every((f) => f.title === 'Nutrition Facts'), 'iframe titles');
  check(frames.every((f) => f.src.startsWith(SERVICE + '/embed/')), 'iframes on the service origin');
  check(frames[0].width === 290 && frames[1].width === 350, `widths ${JSON.stringify(frames)}`);
  check(frames[2].height === 0, `bad token collapses: ${JSON.stringify(frames[2])}`);
  check((await page.evaluate(() => window.hostOk)) === true, 'host page script after the embeds ran');
  check(
    (await page.evaluate(() => document.getElementById('after').textContent)) === 'host content',
    'host content intact',
  );

  const frameA = frameFor(page, TOKEN_A);
  const frameB = frameFor(page, TOKEN_B);
  check(frameA && frameB, 'frames found');
  const textA = await labelText(frameA);
  check(/Calories\s*400/.test(textA), `label A shows 400 kcal: ${textA.slice(0, 200)}`);
  check(/Calories\s*400/.test(await labelText(frameB)), 'label B shows 400 kcal');
  for (const [frame, token] of [[frameA, TOKEN_A], [frameB, TOKEN_B]]) {
    const h = await heights(page, frame, token);
    check(h.box > 100 && Math.abs(h.outer - h.box) <= 1 && Math.abs(h.outer - h.inner) <= 1,
      `iframe height equals content: ${JSON.stringify(h)}`);
  }
  // Each label's schema.org NutritionInformation is in the host page, as printed.
  await waitForHostData(
    page,
    (b) => b.length === 2 && b.every((d) => d['@type'] === 'NutritionInformation' && d.calories === '400 calories'),
    LIVE_MS * 3,
    'two NutritionInformation blocks of 400 calories in the host page',
  );
  // And the frame carries the label as a table with headers, hidden beside the drawing.
  const tableA = await frameA.evaluate(() => {
    const rows = [...document.querySelectorAll('#facts tbody tr')].map((tr) => [
      tr.querySelector('th[scope="row"]')?.textContent,
      tr.querySelector('td')?.textContent,
    ]);
    return { rows, hidden: document.getElementById('drawing').getAttribute('aria-hidden') };
  });
  check(tableA.rows.some(([name, amount]) => name === 'Calories' && amount === '400'), `table A: ${JSON.stringify(tableA)}`);
  check(tableA.hidden === 'true', 'the drawing is hidden from screen readers, the table read instead');
  const hA = await heights(page, frameA, TOKEN_A);
  const hB = await heights(page, frameB, TOKEN_B);
  check(hB.outer > hA.outer, `the wider label is taller: ${hA.outer} vs ${hB.outer}`);

  // A recipe PUT changes the open page without a reload.
  await frameA.evaluate(() => { window.__noReload = true; });
  await api('PUT', `/v1/recipes/${RECIPE_A}`, { servings: 2 });
  timings.recipe_put_ms = await waitForLabel(
    frameA,
    () => /Calories\s*200/.test(document.querySelector('#label svg')?.textContent || ''),
    null,
    LIVE_MS,
  );
  check((await frameA.evaluate(() => window.__noReload)) === true, 'no reload');
  await page.waitForTimeout(100);
  const hA2 = await heights(page, frameA, TOKEN_A);
  check(Math.abs(hA2.outer - hA2.box) <= 1, `height follows the swap: ${JSON.stringify(hA2)}`);

  // An ingredient PUT changes the label of the recipe that uses it.
  await frameB.evaluate(() => { window.__noReload = true; });
  const ingredient = await api('GET', `/v1/ingredients/${INGREDIENT_B}`);
  const nutrients = { ...ingredient.nutrients_per_100g, calories: 500 };
  await api('PUT', `/v1/ingredients/${INGREDIENT_B}`, { nutrients_per_100g: nutrients });
  timings.ingredient_put_ms = await waitForLabel(
    frameB,
    () => /Calories\s*500/.test(document.querySelector('#label svg')?.textContent || ''),
    null,
    LIVE_MS,
  );
  check((await frameB.evaluate(() => window.__noReload)) === true, 'no reload (B)');
  // The host page's JSON-LD and the frame's table follow the live change.
  await waitForHostData(
    page,
    (b) => b.some((d) => d.calories === '500 calories'),
    LIVE_MS,
    'the host JSON-LD follows the change to 500 calories',
  );
  check(
    await frameB.evaluate(() =>
      [...document.querySelectorAll('#facts tbody tr')].some(
        (tr) => tr.querySelector('th')?.textContent === 'Calories' && tr.querySelector('td')?.textContent === '500',
      ),
    ),
    'the table follows the change',
  );

  // Disabling the embed empties the open page; the old token is 404.
  await api('PUT', `/v1/recipes/${RECIPE_A}`, { embed_enabled: false });
  timings.revoke_ms = await waitForLabel(
    frameA,
    () => !document.querySelector('#label svg'),
    null,
    LIVE_MS,
  );
  await page.waitForFunction(
    (t) => [...document.querySelectorAll('iframe')].find((f) => f.src.includes(t)).offsetHeight === 0,
    TOKEN_A,
    { timeout: 1000, polling: 20 },
  );
  const old = await fetch(`${SERVICE}/embed/${TOKEN_A}`);
  check(old.status === 404, `old token 404, got ${old.status}`);
  // B is unaffected.
  check(/Calories\s*500/.test(await labelText(frameB)), 'label B still shown');
  check(pageErrors.length === 0, `no errors in the host page: ${pageErrors.join('; ')}`);

  // axe-core on the embed page itself, as drawn and as a table in place of the drawing.
  const direct = await context.newPage();
  await direct.goto(`${SERVICE}/embed/${TOKEN_B}`, { waitUntil: 'load' });
  timings.axe_embed = (await axeCheck(direct, 'the embed page')).map((v) => v.id);
  await direct.goto(`${SERVICE}/embed/${TOKEN_B}?view=table`, { waitUntil: 'load' });
  const tableView = await direct.evaluate(() => ({
    svg: !!document.querySelector('svg'),
    height: document.querySelector('#facts table')?.getBoundingClientRect().height || 0,
    ld: JSON.parse(document.getElementById('nutrition-data').textContent).calories,
  }));
  check(!tableView.svg && tableView.height > 100, `table view: ${JSON.stringify(tableView)}`);
  check(tableView.ld === '500 calories', `table view JSON-LD: ${JSON.stringify(tableView)}`);
  timings.axe_table_view = (await axeCheck(direct, 'the embed page as a table')).map((v) => v.id);
  await direct.close();

  // A page with only a bad token and an embed from a service that is down stays intact.
  const broken = await context.newPage();
  const brokenErrors = [];
  broken.on('pageerror', (err) => brokenErrors.push(String(err)));
  await broken.goto(HOST + '/broken', { waitUntil: 'load' });
  await broken.waitForTimeout(500);
  check((await broken.evaluate(() => window.hostOk)) === true, 'broken page: host script ran');
  const brokenFrames = await broken.evaluate(() =>
    [...document.querySelectorAll('iframe')].map((f) => f.getBoundingClientRect().height),
  );
  check(brokenFrames.every((h) => h === 0), `broken embeds collapse: ${brokenFrames}`);
  check(brokenErrors.length === 0, `no errors in the broken page: ${brokenErrors.join('; ')}`);
} catch (err) {
  failed = err;
} finally {
  await context.close().catch(() => {});
  rmSync(userDataDir, { recursive: true, force: true });
}
console.log(JSON.stringify({ ok: !failed, timings }));
if (failed) {
  console.error(failed.stack || String(failed));
  process.exit(1);
}
