// Drives headless Chromium through the parts of the app that use the rest of the API
// (issue 29, items 4 and 5): the Import screen (a dry run that creates nothing, a bad row
// shown by its number, the real import with its Idempotency-Key), and the builder's
// package and `us.auto`, voluntary nutrients, front-of-pack schemes and facts, a line's
// own label name and nutrient values, and the markets side by side. Each control is set in
// the page, then the saved recipe is read through the API and the label preview checked.
// Started by tests/api/app.rs (same control channel and environment as app.mjs).
import { chromium } from 'playwright-core';
import { chromiumOptions } from './chromium.mjs';
import {
  SERVICE,
  axeCheck,
  axeCounts,
  check,
  finish,
  fitsWidth,
  heading,
  labelText,
  metric,
  reportFailure,
  shot,
  signUpProfessional,
  stage,
  until,
} from './app_helpers.mjs';

// The API as the signed-in page calls it (session cookie and CSRF token).
const api = (page, method, path, body) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const session = await (await fetch('/auth/v1/session')).json();
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, path, body },
  );
const recipes = async (page) => (await api(page, 'GET', '/v1/recipes?limit=50')).body.data;
const savedRecipe = async (page, id) => (await api(page, 'GET', `/v1/recipes/${id}`)).body;
// The preview region's text: claims, warnings, statements, front-of-pack results.
const previewText = async (page) => (await page.getByRole('region', { name: 'Label preview' }).textContent()) ?? '';

/** Changes the label preview with `act`, then waits until the drawing differs and holds `test`. */
async function previewAfter(page, what, act, test) {
  const before = await labelText(page);
  await act();
  return until(what, async () => {
    const now = await labelText(page);
    return now && now !== before && (await test(now)) ? now : null;
  });
}

async function save(page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(/Saved: version \d+\./).waitFor();
}

const csv = (text) => ({ name: 'menu.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
const BAD_FILE = 'recipe,servings,ingredient,grams\nOat bars,4,rolled oats,200\nOat bars,4,zzqqxx,50\nOat bars,4,sugar,40\n';
const GOOD_FILE =
  'recipe,servings,ingredient,grams\nOat bars,4,rolled oats,200\nOat bars,4,butter,50\nOat bars,4,sugar,40\n' +
  'Banana bread,8,banana,300\nBanana bread,8,all-purpose flour,250\n';

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
  const formatLists = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/v1/formats') formatLists.push(url.search);
  });

  stage('Sign up');
  await signUpProfessional(page, 'Oat & Co');

  // ---- Import: a bad row is shown by its number and nothing is created. ----
  stage('Import');
  await page.getByRole('link', { name: 'Import from a spreadsheet' }).click();
  await heading(page, 'Import recipes').waitFor();
  await axeCheck(page, 'import (empty)');
  const fileInput = page.getByLabel('Spreadsheet (CSV or .xlsx)');
  await fileInput.setInputFiles(csv(BAD_FILE));
  const problems = page.getByRole('table', { name: /Problems by row/ });
  await problems.waitFor();
  const problemRow = problems.getByRole('row', { name: /Row 3/ });
  check(/ingredient/.test((await problemRow.textContent()) ?? ''), `row 3's column named: ${await problemRow.textContent()}`);
  check(/zzqqxx/.test((await problemRow.textContent()) ?? ''), 'the problem names the cell');
  await page.getByText(/problem to fix before importing\. Nothing was created\./).waitFor();
  check((await page.getByRole('button', { name: /^Import \d/ }).count()) === 0, 'no import with problems');
  // The recipe's own table marks the row too.
  const oatCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Oat bars/ }) });
  check(/Row 3, ingredient:/.test((await oatCard.textContent()) ?? ''), 'the problem sits on its row in the recipe');
  check((await recipes(page)).length === 0, 'a refused dry run creates nothing');
  await axeCheck(page, 'import with a bad row');
  await shot(page, 'import-problems');

  stage('Import dry run');
  await fileInput.setInputFiles(csv(GOOD_FILE));
  await page.getByText('Ready to import 2 recipes from 5 rows. Nothing is created until you import.').waitFor();
  const inFile = page.getByRole('list', { name: 'Recipes in the file' });
  const cards = inFile.getByRole('listitem');
  await until('two recipes previewed', async () => (await cards.count()) === 2);
  const oats = cards.filter({ has: page.getByRole('heading', { name: /Oat bars/ }) });
  const lines = oats.getByRole('table', { name: 'Lines of Oat bars' });
  const row2 = lines.getByRole('row', { name: /^2 / });
  check(/rolled oats/.test((await row2.textContent()) ?? ''), 'row 2 is the oats line');
  await until('each line says what it resolved to', async () => /Cereals, oats/.test((await row2.textContent()) ?? ''));
  await until('the dry run draws each label', async () => (await inFile.locator('[data-testid="label-svg"] svg').count()) === 2);
  check(/Calories/.test((await oats.locator('[data-testid="label-svg"] svg').textContent()) ?? ''), 'a label preview');
  check((await recipes(page)).length === 0, 'the dry run creates nothing');
  await axeCheck(page, 'import dry run');
  await shot(page, 'import-dry-run');

  stage('Import for real');
  // A double click sends one import; its Idempotency-Key would make a second one harmless too.
  await page.getByRole('button', { name: 'Import 2 recipes' }).dblclick();
  await page.getByRole('heading', { name: 'Created recipes' }).waitFor();
  await page.getByText('Created 2 recipes.').waitFor();
  const created = await recipes(page);
  check(created.length === 2, `two recipes created once: ${created.map((r) => r.name).join(', ')}`);
  await axeCheck(page, 'import done');
  await shot(page, 'import-done');
  await page.getByRole('link', { name: 'Oat bars', exact: true }).click();
  await heading(page, 'Oat bars').waitFor();
  const recipeId = page.url().split('/').pop();
  await until('the first preview', async () => /Calories/.test(await labelText(page)));

  let stored;
  // ---- Voluntary nutrients. ----
  stage('Voluntary nutrients');
  await openPanel(page, 'Voluntary nutrients');
  check(!/Magnesium/.test(await labelText(page)), 'no magnesium row before it is asked for');
  await previewAfter(
    page,
    'the magnesium row',
    () => page.getByRole('checkbox', { name: 'Magnesium' }).check(),
    async (text) => /Magnesium/.test(text),
  );
  await save(page);
  stored = await savedRecipe(page, recipeId);
  check(JSON.stringify(stored.voluntary_nutrients) === '["magnesium_mg"]', `saved ${JSON.stringify(stored.voluntary_nutrients)}`);

  // ---- Front-of-pack: a scheme and a fact; its seals drawn with the label. ----
  stage('Front-of-pack');
  await openPanel(page, 'Front-of-pack schemes');
  await page.getByRole('checkbox', { name: /Chile "ALTO EN" warning octagons/ }).check();
  await until('the missing fact is named', async () => /Needs: state/.test(await previewText(page)));
  await previewAfter(
    page,
    'the Chilean seals drawn with the label',
    () => page.getByLabel('Solid or liquid').selectOption('solid'),
    async (text) => /ALTO EN AZÚCARES/.test(text),
  );
  check(/ALTO EN AZÚCARES/.test(await previewText(page)), 'the results list the seal');
  await save(page);
  stored = await savedRecipe(page, recipeId);
  check(JSON.stringify(stored.front_of_pack) === '["cl.fop.alto"]', `saved schemes ${JSON.stringify(stored.front_of_pack)}`);
  check(stored.front_of_pack_facts?.state === 'solid', `saved facts ${JSON.stringify(stored.front_of_pack_facts)}`);
  check((stored.label.front_of_pack ?? []).some((r) => r.scheme === 'cl.fop.alto'), 'the stored label carries the scheme');

  // ---- A line's own label name and nutrient values. ----
  stage('Line overrides');
  await page.getByRole('button', { name: 'Show label name and nutrient data of ingredient 2' }).click();
  await page.getByLabel('Name on the label for ingredient 2').fill('cultured butter');
  await until('the statement uses the line name', async () => /Ingredients:.*cultured butter/i.test(await previewText(page)));
  await page.getByLabel('Nutrient to give for ingredient 2').selectOption('trans_fat_g');
  await page.getByRole('button', { name: 'Add this value' }).click();
  await previewAfter(
    page,
    'the trans fat override changes the label',
    // 40 g per 100 g of the 12.5 g of butter in a serving: 5 g (21 CFR 101.9(c)(2)(ii)).
    () => page.getByLabel('Trans fat (g) per 100 g, ingredient 2').fill('40'),
    async (text) => /Trans\s*Fat\s*5g/.test(text),
  );
  await save(page);
  stored = await savedRecipe(page, recipeId);
  const butter = stored.ingredients[1];
  check(butter.label_name === 'cultured butter', `saved label name ${butter.label_name}`);
  check(JSON.stringify(butter.nutrients) === '{"trans_fat_g":40}', `saved overrides ${JSON.stringify(butter.nutrients)}`);

  // ---- The package and us.auto (last: the dual-column layout it picks here declares no
  // voluntary rows). ----
  stage('Package and us.auto');
  await openPanel(page, 'Package: US layouts and claims');
  await page.getByLabel('Net quantity (g)').fill('abc');
  await page.getByText('This amount must be a number above 0, or empty.').waitFor();
  check((await page.getByLabel('Net quantity (g)').getAttribute('aria-invalid')) === 'true', 'the field is marked');
  await page.getByLabel('Net quantity (g)').fill('90');
  await page.getByLabel('Product category (reference amount)').selectOption('bakery.cookies');
  await until('the package report', async () => /holds 300 % of the reference amount \(30 g\)/.test((await page.locator('.package-report').textContent()) ?? ''));
  const vertical = await labelText(page);
  await previewAfter(
    page,
    'us.auto draws the layout the package requires',
    () => page.getByLabel('Label format').selectOption('us.auto'),
    async () => /Automatic layout: us\.v\.dual-pkg/.test((await page.locator('.package-report').textContent()) ?? ''),
  );
  check((await labelText(page)) !== vertical, 'the drawing changed with the layout');
  await save(page);
  stored = await savedRecipe(page, recipeId);
  check(stored.label_format === 'us.auto', `saved format ${stored.label_format}`);
  check(stored.package?.racc_category === 'bakery.cookies' && stored.package?.net_quantity_g === 90, `saved package ${JSON.stringify(stored.package)}`);
  check(stored.label?.format === 'us.v.dual-pkg', `the saved label's layout ${stored.label?.format}`);

  // ---- Everything set comes back on a reload. ----
  stage('Reload');
  await page.reload();
  await heading(page, 'Oat bars').waitFor();
  check((await page.getByLabel('Label format').inputValue()) === 'us.auto', 'us.auto reloaded');
  check((await page.getByLabel('Net quantity (g)').inputValue()) === '90', 'net quantity reloaded');
  check((await page.getByLabel('Product category (reference amount)').inputValue()) === 'bakery.cookies', 'category reloaded');
  check(await page.getByRole('checkbox', { name: 'Magnesium' }).isChecked(), 'voluntary nutrient reloaded');
  check(await page.getByRole('checkbox', { name: /Chile "ALTO EN"/ }).isChecked(), 'scheme reloaded');
  check((await page.getByLabel('Solid or liquid').inputValue()) === 'solid', 'fact reloaded');
  check((await page.getByLabel('Name on the label for ingredient 2').inputValue()) === 'cultured butter', 'line name reloaded');
  check((await page.getByLabel('Trans fat (g) per 100 g, ingredient 2').inputValue()) === '40', 'line value reloaded');
  await until('the reloaded preview', async () => /ALTO EN/.test(await labelText(page)));
  await axeCheck(page, 'builder with every panel');
  await shot(page, 'builder-panels');
  await fitsWidthAt360(page, `/app/recipes/${recipeId}`);

  // ---- Several markets side by side. ----
  stage('Markets');
  await page.getByRole('link', { name: 'Markets' }).click();
  await heading(page, 'Markets: Oat bars').waitFor();
  const markets = page.getByRole('list', { name: 'Labels by market' });
  await until('the US label', async () => (await markets.locator('[data-testid="label-svg"] svg').count()) === 1);
  for (const [find, name] of [
    ['Germany', 'Germany (DE)'],
    ['United Kingdom', 'United Kingdom (GB)'],
  ]) {
    await page.getByLabel('Find a country').fill(find);
    await page.getByRole('checkbox', { name }).check();
  }
  await page.getByRole('button', { name: 'Show labels' }).click();
  await until('three markets drawn', async () => (await markets.locator('[data-testid="label-svg"] svg').count()) === 3);
  check(/countries=US%2CDE%2CGB$/.test(page.url()), `the markets are in the address: ${page.url()}`);
  const germany = markets.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Germany/ }) });
  check(/Brennwert/.test((await germany.locator('svg').textContent()) ?? ''), 'the German label in German');
  await axeCheck(page, 'markets');
  await shot(page, 'markets');
  await fitsWidthAt360(page, page.url().replace(SERVICE, ''));
  await fitsWidthAt360(page, '/app/import');

  stage('The light format list');
  check(formatLists.length > 0 && formatLists.every((q) => q === '?view=light'), `format lists asked: ${formatLists.join(' ')}`);
  // What the picker's list costs against the full one: JSON bytes, and bytes on the wire (gzip).
  const sizes = await page.evaluate(async () => {
    const measure = async (path) => {
      const text = await (await fetch(path, { cache: 'no-store' })).text();
      const entry = performance.getEntriesByName(new URL(path, location.href).href).pop();
      return { json_bytes: text.length, transfer_bytes: entry?.transferSize ?? null };
    };
    return { light: await measure('/v1/formats?view=light'), full: await measure('/v1/formats') };
  });
  metric({ metric: 'format_list_bytes', ...sizes });
  check(sizes.light.json_bytes * 4 < sizes.full.json_bytes, `the light list is much smaller: ${JSON.stringify(sizes)}`);

  check(pageErrors.length === 0, `no page errors: ${pageErrors.join('; ')}`);
  metric({ metric: 'axe_minor_or_moderate', screens: axeCounts });
} catch (err) {
  failed = err;
  await reportFailure(lastPage, pageErrors);
} finally {
  await browser.close().catch(() => {});
}
finish(failed);

/** Opens a folded part of the builder by its summary (a click, as a person does). */
async function openPanel(page, title) {
  await page.locator('summary', { hasText: title }).click();
}

/** `path` at 360 px: no sideways scrolling; then back to the desktop width. */
async function fitsWidthAt360(page, path) {
  await page.setViewportSize({ width: 360, height: 760 });
  await page.goto(SERVICE + path);
  await page.locator('h1').waitFor();
  await fitsWidth(page, path);
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(SERVICE + path);
  await page.locator('h1').waitFor();
}
