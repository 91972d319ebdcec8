// Drives headless Chromium through the builder's Reformulate panel (issue 30, item 5): a
// Chilean cake carrying "ALTO EN AZÚCARES"; the panel refused for an unsaved recipe; a goal
// out of reach explained (which goal, the locked line in the way, the best value reachable);
// a network failure that keeps the choices; candidates side by side whose labels lack the
// seal; a stale apply refused (412) and recomputed; then one click applies a candidate and
// the API shows the new version with the candidate's grams. axe on the panel, no sideways
// scroll at 360 px. Started by tests/api/app.rs (same control channel as app.mjs).
import { chromium } from 'playwright-core';
import { chromiumOptions } from './chromium.mjs';
import { SERVICE, axeCheck, axeCounts, check, finish, fitsWidth, heading, labelText, metric, reportFailure, shot, signUpProfessional, stage, until } from './app_helpers.mjs';

const FLOUR = 'fooddb:168894';
const SUGAR = 'fooddb:169655';
const MILK = 'fooddb:171265';
const SEAL = 'ALTO EN AZÚCARES';

// The API as the signed-in page calls it (session cookie and CSRF token).
const api = (page, method, path, body, headers = {}) =>
  page.evaluate(
    async ({ method, path, body, headers }) => {
      const session = await (await fetch('/auth/v1/session')).json();
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, path, body, headers },
  );

const browser = await chromium.launch(chromiumOptions());
const pageErrors = [];
let failed = null;
let lastPage = null;
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  lastPage = page;
  page.on('pageerror', (err) => pageErrors.push(String(err)));
  page.setDefaultTimeout(10000);

  stage('Sign up');
  await signUpProfessional(page, 'Pastelería Sur');

  stage('Unsaved recipe');
  await page.goto(`${SERVICE}/app/recipes/new`);
  await heading(page, 'New recipe').waitFor();
  await openPanel(page);
  await page.getByText('Save the recipe first').waitFor();
  check((await page.getByRole('button', { name: 'Find candidates' }).count()) === 0, 'nothing to compute for an unsaved recipe');

  stage('A cake with the seal');
  const created = await api(page, 'POST', '/v1/recipes', {
    name: 'Queque',
    label_format: 'cl.tab',
    servings: 10,
    serving_weight_g: 60,
    front_of_pack: ['cl.fop.alto'],
    front_of_pack_facts: { state: 'solid' },
    ingredients: [
      { ingredient_id: FLOUR, grams: 300 },
      { ingredient_id: SUGAR, grams: 90 },
      { ingredient_id: MILK, grams: 150 },
    ],
  });
  check(created.status === 201, `created: ${JSON.stringify(created)}`);
  const id = created.body.id;
  await page.goto(`${SERVICE}/app/recipes/${id}`);
  await heading(page, 'Queque').waitFor();
  await until('the label shows the seal', async () => (await labelText(page)).includes(SEAL));
  await openPanel(page);
  const panel = page.locator('#reformulate-panel');
  const goal = panel.getByRole('checkbox', { name: `Remove “${SEAL}”` });
  await goal.waitFor();
  await axeCheck(page, 'reformulate panel');

  stage('A goal out of reach');
  await goal.check();
  await panel.getByRole('checkbox', { name: 'Lock ingredient 2' }).check();
  await panel.getByRole('button', { name: 'Find candidates' }).click();
  const alert = panel.getByRole('alert');
  await alert.waitFor();
  const why = (await alert.textContent()) ?? '';
  check(/Goal 1 \(Remove “ALTO EN AZÚCARES”\) cannot be met/.test(why), `the goal named: ${why}`);
  check(/the best reachable is \d/.test(why), `the best value reachable: ${why}`);
  check(/In the way: the locked line Sugars, granulated: unlock it/.test(why), `the binding constraint: ${why}`);
  await axeCheck(page, 'reformulate: goal out of reach');
  await shot(page, 'reformulate-unreachable', '#reformulate-panel .save-bar');

  stage('A network failure keeps the choices');
  await panel.getByRole('checkbox', { name: 'Lock ingredient 2' }).uncheck();
  await page.route('**/reformulate', (route) => route.abort());
  await panel.getByRole('button', { name: 'Find candidates' }).click();
  await until('the failure said', async () => /cannot be reached.*choices are kept/.test((await alert.textContent().catch(() => '')) ?? ''));
  check(await goal.isChecked(), 'the goal is still chosen');
  await page.unroute('**/reformulate');

  stage('Candidates');
  await panel.getByRole('button', { name: 'Find candidates' }).click();
  const candidates = panel.getByRole('list', { name: 'Candidates' });
  await candidates.waitFor();
  const cards = candidates.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  const count = await cards.count();
  check(count >= 1 && count <= 3, `1 to 3 candidates: ${count}`);
  const first = cards.first();
  const firstText = (await first.textContent()) ?? '';
  check(/Sugars, granulated 90 g → [\d.]+ g \(−[\d.]+ g\)/.test(firstText), `the changed line in words: ${firstText}`);
  check(/Goals met: Remove “ALTO EN AZÚCARES”/.test(firstText), `the goal met: ${firstText}`);
  check(/Seals: none \(“ALTO EN AZÚCARES” removed\)/.test(firstText), `no seal left: ${firstText}`);
  await until('every candidate label drawn', async () => (await candidates.locator('[data-testid="label-svg"] svg').count()) === count);
  const drawn = (await first.locator('[data-testid="label-svg"] svg').textContent()) ?? '';
  check(/Azúcares/.test(drawn) && !drawn.includes(SEAL), `the candidate's label drawn without the seal: ${drawn.slice(0, 200)}`);
  const newSugar = Number(/Sugars, granulated 90 g → ([\d.]+) g/.exec(firstText)[1]);
  check(newSugar < 90, `less sugar: ${newSugar}`);
  await axeCheck(page, 'reformulate: candidates');
  await page.setViewportSize({ width: 360, height: 760 });
  await fitsWidth(page, 'the builder with candidates');
  await page.setViewportSize({ width: 1280, height: 860 });
  await shot(page, 'reformulate-candidates', '#reformulate-panel .candidates');

  stage('A stale apply is refused');
  // Someone renames the recipe meanwhile: the candidates were computed from version 1.
  const renamed = await api(page, 'PUT', `/v1/recipes/${id}`, { name: 'Queque de vainilla' });
  check(renamed.status === 200 && renamed.body.version === 2, `renamed: ${JSON.stringify(renamed.body?.version)}`);
  await first.getByRole('button', { name: 'Apply candidate 1' }).click();
  await panel.getByText('Not applied: the recipe changed').waitFor();
  check((await api(page, 'GET', `/v1/recipes/${id}`)).body.version === 2, 'nothing was saved');
  await panel.getByRole('button', { name: 'Load the latest version and compute again' }).click();
  await heading(page, 'Queque de vainilla').waitFor();
  await panel.getByText(/candidates? from version 2\./).waitFor();
  check(await goal.isChecked(), 'the choices kept across the reload');

  stage('Apply');
  const again = (await cards.first().textContent()) ?? '';
  const grams = Number(/Sugars, granulated 90 g → ([\d.]+) g/.exec(again)[1]);
  await cards.first().getByRole('button', { name: 'Apply candidate 1' }).click();
  await page.getByText('Applied candidate 1: version 3.').first().waitFor();
  const stored = (await api(page, 'GET', `/v1/recipes/${id}`)).body;
  check(stored.version === 3, `the new version: ${stored.version}`);
  check(stored.name === 'Queque de vainilla', `only the lines changed: ${stored.name}`);
  check(stored.ingredients[1].grams === grams && stored.ingredients[0].grams === 300, `the candidate's grams: ${JSON.stringify(stored.ingredients)}`);
  // The builder shows the new version: its grams and a label without the seal.
  await until('the builder shows the applied grams', async () => (await page.getByLabel('Grams of ingredient 2').inputValue().catch(() => '')) === String(grams));
  await until('the new label lacks the seal', async () => {
    const text = await labelText(page);
    return text.includes('Azúcares') && !text.includes(SEAL);
  });
  check((await candidates.count()) === 0, 'the applied candidates are gone');
  await axeCheck(page, 'reformulate: applied');

  stage('Unsaved edits');
  // The panel computes from the saved recipe only: with edits not saved it says so.
  await page.getByLabel('Grams of ingredient 3').fill('151');
  await panel.getByText('This recipe has unsaved changes. Save them first').waitFor();
  check(await panel.getByRole('button', { name: 'Find candidates' }).isDisabled(), 'no computing from unsaved edits');

  check(pageErrors.length === 0, `no page errors: ${pageErrors.join('; ')}`);
  metric({ metric: 'axe_minor_or_moderate', screens: axeCounts });
} catch (err) {
  failed = err;
  await reportFailure(lastPage, pageErrors);
} finally {
  await browser.close().catch(() => {});
}
finish(failed);

/** Opens the Reformulate panel by its summary (a click, as a person does). */
async function openPanel(page) {
  await page.locator('summary', { hasText: 'Reformulate' }).click();
}
