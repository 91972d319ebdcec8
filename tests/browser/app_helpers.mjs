// What the browser scripts of the app share (tests/browser/app.mjs, app_api.mjs): the
// control channel to the Rust test, checks and polls, axe-core, screenshots, and how the
// label preview's text is read. Env: SERVICE_URL (required), SCREENSHOT_DIR (optional).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const require = createRequire(import.meta.url);
export const SERVICE = process.env.SERVICE_URL;
if (!SERVICE) throw new Error('missing env SERVICE_URL');
export const ORIGIN = new URL(SERVICE).origin;
export const SHOTS = process.env.SCREENSHOT_DIR || '';
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const EMAIL = `baker-${Date.now()}@example.com`;
export const PASSWORD = 'flour-and-butter-42';

const stdin = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
export async function ask(request) {
  console.log(JSON.stringify({ ask: request }));
  const { value } = await stdin.next();
  check(value === 'ok', `the test answered ${JSON.stringify(value)} to ${JSON.stringify(request)}`);
}

export function check(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
}
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` (async) until it returns something truthy. */
export async function until(what, probe, within = 8000) {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - start > within) throw new Error(`not within ${within} ms: ${what}`);
    await sleep(25);
  }
}

export const metrics = [];
export function metric(line) {
  metrics.push(line);
  console.log(JSON.stringify(line));
}
// Where the scenario is: one JSON line per stage, so a run that stalls says where.
const started = Date.now();
export function stage(name) {
  console.log(JSON.stringify({ stage: name, at_ms: Date.now() - started }));
}
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

// axe-core on the current screen: fails on serious or critical violations.
export const axeCounts = {};
export async function axeCheck(page, screen) {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  axeCounts[screen] = violations.map((v) => `${v.id}:${v.impact}`);
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  check(bad.length === 0, `axe on ${screen}: ${JSON.stringify(bad, null, 1)}`);
}

/** Desktop and 360 px screenshots; `at` (a selector) is scrolled to the top of each. */
export async function shot(page, name, at = null) {
  if (!SHOTS) return;
  await page.bringToFront();
  const place = () =>
    page.evaluate((selector) => {
      const el = selector && document.querySelector(selector);
      if (el) el.scrollIntoView({ block: 'start' });
      else window.scrollTo(0, 0);
    }, at);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 860 });
  await sleep(150);
  await place();
  await page.screenshot({ path: join(SHOTS, `${name}-desktop.png`) });
  await page.setViewportSize({ width: 360, height: 760 });
  await sleep(150);
  await place();
  await page.screenshot({ path: join(SHOTS, `${name}-360.png`) });
  if (size) await page.setViewportSize(size);
  await sleep(100);
}

/** No horizontal scrolling at the current width (the 360 px check). */
export async function fitsWidth(page, screen) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 1, `${screen} scrolls sideways by ${overflow}px at ${page.viewportSize()?.width}px`);
}

export const heading = (page, name) => page.getByRole('heading', { level: 1, name });

/** Signs `business` up with this run's e-mail and moves the account to the Professional plan
 * (the other markets' formats and the layouts beyond us.v need it), as support would. */
export async function signUpProfessional(page, business) {
  await page.goto(`${SERVICE}/app/sign-up`);
  await heading(page, 'Create your account').waitFor();
  await page.getByLabel('Business name').fill(business);
  await page.getByLabel('E-mail', { exact: true }).fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await heading(page, 'Recipes').waitFor();
  await ask({ plan: 'professional', email: EMAIL });
  await page.reload();
  await page.getByRole('link', { name: /Professional plan/ }).waitFor();
}
// The preview's text: the SVG drawing's, or the PNG drawing's text alternative (the Free
// plan exports PNG only, so its preview is a PNG).
export const labelText = (page) =>
  page.evaluate(
    () =>
      document.querySelector('[data-testid="label-svg"] svg')?.textContent ??
      document.querySelector('[data-testid="label-png"] img')?.alt ??
      '',
  );
export const calories = (text) => {
  const m = /Calories\s*(\d+)/i.exec(text);
  return m ? Number(m[1]) : null;
};


/** Says where a failed run stopped, with a full-page screenshot when FAIL_SCREENSHOT is set. */
export async function reportFailure(page, pageErrors) {
  if (!page) return;
  if (process.env.FAIL_SCREENSHOT) await page.screenshot({ path: process.env.FAIL_SCREENSHOT, fullPage: true }).catch(() => {});
  console.error(`at ${page.url()}; page errors: ${pageErrors.join('; ') || 'none'}`);
}

/** Ends the script: the last line `{"ok": ...}`, the error on stderr, and the exit status. */
export function finish(failed) {
  console.log(JSON.stringify({ ok: !failed }));
  if (failed) {
    console.error(failed.stack || String(failed));
    process.exit(1);
  }
  process.exit(0);
}
