// Drives headless Chromium through the browser app at /app, end to end. Started by
// tests/api/app.rs, which runs the service and passes SERVICE_URL. The app is used the way
// a person uses it: controls are found by role and accessible name.
//
// Control channel: when the scenario needs the test's own database work (a plan upgrade),
// it prints one JSON line {"ask": ...} and waits for a line "ok" on stdin.
// Output: JSON lines of measurements ({"metric": ...}); the last line is {"ok": ...}.
// Env: SERVICE_URL (required), CHROMIUM (default /usr/bin/chromium), SCREENSHOT_DIR (when
// set, PNG screenshots of each main screen at 1280 px and 360 px are written there).
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { chromiumOptions } from './chromium.mjs';
import {
  EMAIL,
  ORIGIN,
  PASSWORD,
  SERVICE,
  ask,
  axeCheck,
  axeCounts,
  calories,
  check,
  finish,
  fitsWidth,
  heading,
  labelText,
  metric,
  metrics,
  percentile,
  reportFailure,
  shot,
  sleep,
  stage,
  until,
} from './app_helpers.mjs';

/**
 * Keystroke -> updated preview, measured in the page: from the keydown to the new drawing
 * (an SVG in the DOM, or a decoded PNG). Each keystroke alone (200 ms apart); `field`
 * ends in a digit that is typed and erased in turn, so every keystroke changes the label.
 */
async function measureLatency(page, field, n) {
  const input = page.getByLabel(field);
  await input.click();
  await input.press('End');
  const samples = [];
  for (let i = 0; i < n; i++) {
    const key = i % 2 === 0 ? '5' : 'Backspace';
    await page.evaluate(() => {
      const region = document.querySelector('section.preview');
      // The drawing shown: the SVG markup, or the PNG's address (a new blob per result).
      const drawing = () => {
        const svg = document.querySelector('[data-testid="label-svg"] svg');
        if (svg) return svg.outerHTML;
        return document.querySelector('[data-testid="label-png"] img')?.src ?? '';
      };
      const before = drawing();
      window.__latency = new Promise((resolve) => {
        let start = 0;
        document.addEventListener('keydown', (e) => (start = e.timeStamp), { once: true, capture: true });
        const observer = new MutationObserver(() => {
          if (drawing() === before) return;
          observer.disconnect();
          const img = document.querySelector('[data-testid="label-png"] img');
          // A PNG counts once it is decoded and can be painted.
          (img ? img.decode().catch(() => {}) : Promise.resolve()).then(() => resolve(performance.now() - start));
        });
        observer.observe(region, { childList: true, subtree: true, characterData: true, attributes: true });
        setTimeout(() => resolve(-1), 5000);
      });
    });
    await page.keyboard.press(key);
    const ms = await page.evaluate(() => window.__latency);
    check(ms >= 0, `keystroke ${i} (${key}) updated the preview`);
    samples.push(ms);
    await sleep(200);
  }
  samples.sort((a, b) => a - b);
  metric({
    metric: 'keystroke_to_preview_ms',
    drawing: (await page.locator('[data-testid="label-png"]').count()) ? 'png (Free plan)' : 'svg',
    n: samples.length,
    p50: Math.round(percentile(samples, 50) * 10) / 10,
    p99: Math.round(percentile(samples, 99) * 10) / 10,
    max: Math.round(samples[samples.length - 1] * 10) / 10,
  });
}

const browser = await chromium.launch(chromiumOptions());
// Someone's own website (another origin, `localhost`) where the copied snippet is pasted.
let hostHtml = '';
const hostServer = createServer((_, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(hostHtml);
});
await new Promise((resolve) => hostServer.listen(0, '127.0.0.1', resolve));
const HOST_ORIGIN = `http://localhost:${hostServer.address().port}`;

const external = [];
const pageErrors = [];
function watch(context) {
  context.on('request', (request) => {
    const url = new URL(request.url());
    const own = url.origin === ORIGIN || url.origin === HOST_ORIGIN;
    if (url.protocol !== 'data:' && url.protocol !== 'blob:' && !own) external.push(request.url());
  });
  context.on('page', (p) => p.on('pageerror', (err) => pageErrors.push(String(err))));
}

let failed = null;
let lastPage = null;
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
  watch(context);
  const page = await context.newPage();
  lastPage = page;
  page.on('pageerror', (err) => pageErrors.push(String(err)));
  page.setDefaultTimeout(10000);
  if (process.env.DEBUG_REQUESTS) {
    page.on('request', (r) => console.error('req', r.method(), r.url()));
    page.on('requestfailed', (r) => console.error('FAILED', r.url(), r.failure()?.errorText));
    page.on('requestfinished', (r) => console.error('done', r.url()));
    page.on('console', (m) => console.error('console', m.text()));
  }

  // ---- Sign up (a client-side check first), then the plan is shown. ----
  stage('Sign up');
  await page.goto(`${SERVICE}/app`);
  await heading(page, 'Sign in').waitFor();
  await until(`redirected to sign-in: ${page.url()}`, async () => page.url().endsWith('/app/sign-in'));
  await axeCheck(page, 'sign-in');
  await shot(page, 'sign-in');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await heading(page, 'Create your account').waitFor();
  await page.getByLabel('Business name').fill('Crumb & Co');
  await page.getByLabel('E-mail', { exact: true }).fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Use at least 10 characters.').waitFor();
  await axeCheck(page, 'sign-up with errors');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await heading(page, 'Recipes').waitFor();
  await until(`after sign-up: ${page.url()}`, async () => page.url().endsWith('/app/recipes'));
  check((await page.getByRole('link', { name: /Free plan/ }).count()) === 1, 'the Free plan is shown');
  const cookie = (await context.cookies()).find((c) => c.name === 'nls_session');
  check(cookie && cookie.httpOnly && cookie.sameSite === 'Lax', `session cookie: ${JSON.stringify(cookie)}`);

  // ---- Sign out, a wrong password, sign in. ----
  stage('Sign out, a wrong password, sign in');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await heading(page, 'Sign in').waitFor();
  await page.goto(`${SERVICE}/app/recipes`);
  await heading(page, 'Sign in').waitFor();
  await until('signed out: the app asks to sign in', async () => page.url().includes('/app/sign-in?next=%2Fapp%2Frecipes'));
  await page.getByLabel('E-mail', { exact: true }).fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const wrong = await page.getByRole('alert').textContent();
  check(/incorrect/i.test(wrong ?? ''), `wrong password explained: ${wrong}`);
  await axeCheck(page, 'sign-in wrong password');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await heading(page, 'Recipes').waitFor();
  await axeCheck(page, 'recipes (empty)');

  // ---- Account: the plan and what it allows. ----
  stage('Account');
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await heading(page, 'Account').waitFor();
  const planText = await page.locator('main').textContent();
  check(/What the Free plan allows/.test(planText ?? ''), 'plan explained');
  await axeCheck(page, 'account');
  await shot(page, 'account');

  // ---- A custom ingredient. ----
  stage('A custom ingredient');
  await page.getByRole('link', { name: 'Ingredients', exact: true }).click();
  await heading(page, 'Ingredients').waitFor();
  await page.getByRole('link', { name: 'New ingredient' }).click();
  await heading(page, 'New ingredient').waitFor();
  await page.getByLabel('Name', { exact: true }).fill('Crumb almond paste');
  await page.getByLabel('Calories (kcal)').fill('500');
  await page.getByLabel('Total fat (g)').fill('30');
  await page.getByLabel('Saturated fat (g)').fill('3');
  await page.getByLabel('Sodium (mg)').fill('10');
  await page.getByLabel('Total carbohydrate (g)').fill('45');
  await page.getByLabel('Total sugars (g)').fill('35');
  await page.getByLabel('Protein (g)').fill('11');
  await page.getByRole('checkbox', { name: 'Tree nuts' }).check();
  await page.getByLabel('Cost per unit').fill('14.5');
  await page.getByLabel('Unit', { exact: true }).selectOption('kg');
  await axeCheck(page, 'ingredient form');
  await shot(page, 'ingredient-form');
  await page.getByRole('button', { name: 'Create ingredient' }).click();
  await heading(page, 'Ingredients').waitFor();
  await page.getByRole('link', { name: 'Crumb almond paste', exact: true }).waitFor();
  await page.getByText('Created “Crumb almond paste”.').waitFor();
  await axeCheck(page, 'ingredients');

  // ---- The builder: type names, pick from suggestions, watch the preview. ----
  stage('The builder');
  await page.getByRole('link', { name: 'Recipes', exact: true }).click();
  await page.getByRole('link', { name: 'New recipe' }).click();
  await heading(page, 'New recipe').waitFor();
  await page.getByLabel('Recipe name').fill('Almond cake');
  await page.getByLabel('Servings', { exact: true }).fill('8');
  const name1 = page.getByRole('combobox', { name: 'Ingredient 1' });
  await name1.pressSequentially('crumb alm', { delay: 20 });
  const suggestions1 = page.getByRole('listbox', { name: 'Suggestions for ingredient 1' });
  await suggestions1.getByRole('option', { name: /Crumb almond paste/ }).waitFor();
  check(/your ingredient/.test((await suggestions1.getByRole('option').first().textContent()) ?? ''), 'own ingredients come first');
  await name1.press('ArrowDown');
  await name1.press('Enter');
  check((await name1.inputValue()) === 'Crumb almond paste', 'picked by keyboard');
  await page.getByLabel('Grams of ingredient 1').fill('200');
  const resolved1 = page.locator('#' + (await name1.getAttribute('aria-describedby')));
  await until('row 1 shows its allergens', async () => /tree nuts/i.test((await resolved1.textContent()) ?? ''));

  await page.getByRole('button', { name: 'Add ingredient' }).click();
  const name2 = page.getByRole('combobox', { name: 'Ingredient 2' });
  check(await name2.evaluate((el) => el === document.activeElement), 'the new row has focus');
  await name2.pressSequentially('flour', { delay: 20 });
  await page.getByLabel('Grams of ingredient 2').fill('300');
  const resolved2 = page.locator('#' + (await name2.getAttribute('aria-describedby')));
  await until('row 2 resolved by name', async () => /wheat flour/i.test((await resolved2.textContent()) ?? ''));
  await until('row 2 allergens', async () => /wheat/i.test((await resolved2.textContent()) ?? '') && /Allergens/.test((await resolved2.textContent()) ?? ''));

  await page.getByRole('button', { name: 'Add ingredient' }).click();
  await page.getByRole('combobox', { name: 'Ingredient 3' }).fill('sugar');
  await page.getByLabel('Grams of ingredient 3').fill('10');
  const first = await until('a label preview', async () => calories(await labelText(page)));
  const before = await labelText(page);
  await page.getByLabel('Grams of ingredient 1').fill('400');
  const after = await until('the preview follows the grams', async () => {
    const text = await labelText(page);
    return text !== before && calories(text);
  });
  check(after > first, `more almond paste, more calories: ${first} -> ${after}`);
  const preview = page.getByRole('region', { name: 'Label preview' });
  await preview.getByRole('heading', { name: /Warnings \(\d+\)/ }).waitFor();
  const warnings = (await preview.textContent()) ?? '';
  check(/confirm_sub_ingredients/.test(warnings), 'the flour warning is listed');
  // 21 CFR 101.9(b)(5): no household measure given yet; the preview says what to supply and
  // takes the user to the field.
  check(/no_household_measure/.test(warnings), 'the missing household measure is listed');
  await preview.getByRole('button', { name: 'Fill in Household measure' }).click();
  check(
    await page.getByLabel('Household measure', { exact: true }).evaluate((el) => el === document.activeElement),
    'the hint focuses the Household measure field',
  );
  await preview.getByRole('heading', { name: /Claims \(\d+\)/ }).waitFor();
  check(/Contains:.*(Almond|Tree)/i.test(warnings), `allergen statement shown: ${warnings.slice(0, 300)}`);

  // A name nothing matches: the preview says which row, the row says so too; removing it
  // brings the label back.
  await page.getByRole('button', { name: 'Add ingredient' }).click();
  await page.getByRole('combobox', { name: 'Ingredient 4' }).fill('zzqqxx');
  await page.getByLabel('Grams of ingredient 4').fill('5');
  const noMatch = preview.getByRole('alert');
  await until('the unmatched row is explained', async () =>
    /Ingredient 4: nothing matches “zzqqxx”/.test((await noMatch.textContent().catch(() => '')) ?? ''),
  );
  const name4 = page.getByRole('combobox', { name: 'Ingredient 4' });
  const row4 = page.locator('#' + (await name4.getAttribute('aria-describedby')));
  // The row's line follows the same failed preview (and may first show its suggestion lookup).
  await until('the row says no match', async () => /No match/.test((await row4.textContent()) ?? ''));
  await page.getByRole('button', { name: 'Remove ingredient 4' }).click();
  await until('the label is back', async () => (await preview.getByRole('alert').count()) === 0);

  // Reorder by keyboard: move ingredient 2 (flour) up; focus stays on the moved row's button.
  await page.getByRole('button', { name: 'Move ingredient 2 up' }).focus();
  await page.keyboard.press('Enter');
  check((await page.getByRole('combobox', { name: 'Ingredient 1' }).inputValue()) === 'flour', 'flour moved up');
  const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
  await until('focus follows the moved row', async () => (await focusedLabel()) === 'Move ingredient 1 down', 2000).catch(async (err) => {
    throw new Error(`${err.message}: focus on ${await focusedLabel()}`);
  });
  const reordered = await until('the statement follows the order', async () => {
    const text = (await preview.textContent()) ?? '';
    return /Ingredients:/.test(text) && text;
  });
  check(reordered.length > 0, 'statement shown');
  await axeCheck(page, 'builder');

  stage('Keystroke latency');
  // Keystroke -> updated preview, measured in the page (keydown to the new drawing).
  await measureLatency(page, 'Grams of ingredient 3', 40);

  stage('Save');
  // Save: the saved version is shown and the address is the recipe's.
  await page.getByRole('button', { name: 'Save recipe' }).click();
  await page.getByText('Saved: version 1.').waitFor();
  const recipeUrl = page.url();
  check(/\/app\/recipes\/rcp_[A-Za-z0-9]+$/.test(recipeUrl), `saved recipe URL: ${recipeUrl}`);
  const recipeId = recipeUrl.split('/').pop();
  await heading(page, 'Almond cake').waitFor();
  await shot(page, 'builder');

  // The plan wall: formats above Free are listed, disabled, with the plan that unlocks them.
  const eu = page.getByRole('option', {
    name: 'EU nutrition declaration (Regulation (EU) No 1169/2011) (needs the Professional plan)',
    exact: true,
  });
  check(await eu.isDisabled(), 'EU format disabled on the Free plan');
  check((await page.getByText(/formats need a higher plan/).count()) === 1, 'the wall is explained');

  // ---- Export: a PNG download, the embed wall. ----
  stage('Export');
  await page.getByRole('link', { name: 'Export & embed' }).click();
  await heading(page, /Export and embed/).waitFor();
  const [download, pngResponse] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((r) => r.url().endsWith(`/v1/recipes/${recipeId}/label.png`)),
    page.getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  check(pngResponse.status() === 200, `label.png status ${pngResponse.status()}`);
  check(pngResponse.headers()['content-type'] === 'image/png', `content-type ${pngResponse.headers()['content-type']}`);
  const png = readFileSync(await download.path());
  check(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'the download is a PNG');
  check(download.suggestedFilename() === 'almond-cake.png', `file name ${download.suggestedFilename()}`);
  await page.getByText('PNG downloaded.').waitFor();
  check((await page.getByText(/Live embeds come with the Professional plan/).count()) === 1, 'embed wall on Free');
  check((await page.getByRole('switch', { name: 'Live embed' }).count()) === 0, 'no embed switch on Free');
  await axeCheck(page, 'export (free)');

  // ---- Upgrade (the test's own SQL), then the embed. ----
  stage('Upgrade');
  await ask({ plan: 'professional', email: EMAIL });
  await page.reload();
  await heading(page, /Export and embed/).waitFor();
  await page.getByRole('link', { name: /Professional plan/ }).waitFor();
  const embedSwitch = page.getByRole('switch', { name: 'Live embed' });
  check((await embedSwitch.getAttribute('aria-checked')) === 'false', 'embed starts off');
  await embedSwitch.click();
  await page.getByText('The live embed is on.').waitFor();
  check((await embedSwitch.getAttribute('aria-checked')) === 'true', 'embed on');
  const script = await page.getByLabel('Script snippet').inputValue();
  const iframeSnippet = await page.getByLabel('Iframe snippet').inputValue();
  check(/<script [^>]*src="[^"]+\/embed\.js"[^>]*data-label="emb_/.test(script), `script snippet: ${script}`);
  check(/<iframe [^>]*src="[^"]+\/embed\/emb_/.test(iframeSnippet), `iframe snippet: ${iframeSnippet}`);
  const embedFrame = page.frameLocator('iframe[title="Live embed preview"]');
  await embedFrame.locator('#label svg').waitFor();
  await axeCheck(page, 'export and embed');
  await shot(page, 'export-embed');

  // The copied script snippet, pasted into someone's page, shows the label.
  const host = await context.newPage();
  hostHtml = `<!doctype html><html lang="en"><head><title>Crumb &amp; Co</title></head><body><h1>Our cakes</h1>${script}</body></html>`;
  await host.goto(HOST_ORIGIN + '/');
  const hostFrame = () => host.frames().find((f) => f.url().includes('/embed/emb_'));
  const embedded = await until('the embed shows on the host page', async () => {
    const frame = hostFrame();
    if (!frame) return null;
    return calories(await frame.evaluate(() => document.querySelector('#label svg')?.textContent ?? ''));
  });

  // ---- Switch format (now allowed), change the recipe, and the embed follows. ----
  stage('Switch format');
  await page.getByRole('link', { name: 'Edit recipe' }).click();
  await heading(page, 'Almond cake').waitFor();
  await page.getByLabel('Label format').selectOption({ label: 'US Nutrition Facts, simplified vertical (21 CFR 101.9(f))' });
  // An almond cake has too few insignificant nutrients for the simplified format (21 CFR
  // 101.9(f)): the builder says why instead of drawing it.
  await until('the simplified format refused with its rule', async () =>
    /not permitted for this food/.test((await page.locator('main').textContent()) ?? ''));
  await page.getByLabel('Label format').selectOption({ label: 'EU nutrition declaration (Regulation (EU) No 1169/2011)' });
  await until('the EU label', async () => /Energy/.test(await labelText(page)));
  await page.getByLabel('Label format').selectOption({ label: 'US Nutrition Facts, standard vertical (21 CFR 101.9(d))' });
  await until('back to the US label', async () => calories(await labelText(page)));
  await page.getByLabel('Grams of ingredient 2').fill('600');
  stage('Keystroke latency, longer recipe');
  // The host page opened above is in front; Chromium throttles the frames of a tab behind
  // it (effects wait for a frame), which is not what a user typing into the app sees.
  await page.bringToFront();
  await measureLatency(page, 'Grams of ingredient 3', 40);
  stage('Save the format change');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved: version 3.').waitFor();
  const changed = await until('the embed on the host page changes', async () => {
    const frame = hostFrame();
    const now = frame && calories(await frame.evaluate(() => document.querySelector('#label svg')?.textContent ?? ''));
    return now && now !== embedded ? now : null;
  }, 10000);
  check(changed > embedded, `embed follows the recipe: ${embedded} -> ${changed}`);

  // ---- A conflict: the recipe changes elsewhere; Save explains and offers a reload. ----
  stage('A conflict');
  await page.evaluate(async (id) => {
    const session = await (await fetch('/auth/v1/session')).json();
    const response = await fetch(`/v1/recipes/${id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
      body: JSON.stringify({ servings: 10 }),
    });
    if (!response.ok) throw new Error(`PUT elsewhere: ${response.status}`);
  }, recipeId);
  await page.getByLabel('Recipe name').fill('Almond cake deluxe');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('This recipe was changed elsewhere').waitFor();
  await axeCheck(page, 'builder conflict');
  await page.getByRole('button', { name: 'Reload the latest version' }).click();
  await page.getByText('Reloaded version 4.').waitFor();
  check((await page.getByLabel('Servings', { exact: true }).inputValue()) === '10', 'reload shows the other edit');
  check((await page.getByLabel('Recipe name').inputValue()) === 'Almond cake', 'the unsaved name was not written');

  // ---- History: versions, what changed, the label as it was. ----
  stage('History');
  await page.getByRole('link', { name: 'History' }).click();
  await heading(page, 'History: Almond cake').waitFor();
  const versions = page.getByRole('list', { name: 'Versions, newest first' }).getByRole('heading', { level: 2 });
  await until('four versions', async () => (await versions.count()) >= 4);
  check(/Version 4/.test((await versions.first().textContent()) ?? ''), 'newest first');
  check((await versions.allTextContents()).includes('Version 2: Live embed turned on'), 'the embed in the timeline');
  const v4 = page.getByRole('list', { name: 'Versions, newest first' }).getByRole('listitem').first();
  const v4text = (await v4.textContent()) ?? '';
  check(/servings/.test(v4text) && /Printed on the label/.test(v4text), `version 4 shows its changes: ${v4text.slice(0, 300)}`);
  check(/calories/i.test(v4text), 'a rounded value difference is listed');
  await page.getByText('Label at version 1', { exact: true }).click();
  const img = page.getByRole('img', { name: 'The label as it was at version 1' });
  await until('the version 1 label loads', () => img.evaluate((el) => el.complete && el.naturalWidth > 0));
  await axeCheck(page, 'history');
  await shot(page, 'history');

  // ---- Turning the embed off warns about the token, and the page loses the label. ----
  stage('Turning the embed off warns about the token, and the page loses the label');
  await page.goto(`${SERVICE}/app/recipes/${recipeId}/share`);
  await page.getByRole('switch', { name: 'Live embed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn the live embed off?' });
  check(/revoked/.test((await dialog.textContent()) ?? ''), 'the revocation warning');
  await axeCheck(page, 'embed off dialog');
  await dialog.getByRole('button', { name: 'Turn off and revoke' }).click();
  await page.getByText('The live embed is off; its old token no longer works.').waitFor();
  await until('the host page loses the label', async () => {
    const frame = hostFrame();
    return frame && !(await frame.evaluate(() => Boolean(document.querySelector('#label svg'))));
  });
  await host.close();

  // ---- Recipes: search, duplicate, delete with confirmation, the in-use message. ----
  stage('Recipes');
  await page.getByRole('link', { name: 'Recipes', exact: true }).click();
  await heading(page, 'Recipes').waitFor();
  await page.getByRole('button', { name: 'Duplicate Almond cake' }).click();
  await page.getByText('Created “Almond cake (copy)”.').waitFor();
  await page.getByRole('link', { name: 'Almond cake (copy)', exact: true }).waitFor();
  await page.getByLabel('Search recipes').fill('copy');
  await until('search narrows the list', async () => (await page.getByRole('list', { name: 'Recipes' }).getByRole('listitem').count()) === 1);
  await page.getByRole('button', { name: 'Delete Almond cake (copy)' }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete “Almond cake (copy)”?' });
  await confirmDelete.getByRole('button', { name: 'Delete recipe' }).click();
  await page.getByText('Deleted “Almond cake (copy)”.').waitFor();
  await page.getByLabel('Search recipes').fill('');
  stage('Recipe in use');
  // A recipe used by another: its delete explains recipe_in_use.
  await page.evaluate(async (id) => {
    const session = await (await fetch('/auth/v1/session')).json();
    const response = await fetch('/v1/recipes', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
      body: JSON.stringify({
        name: 'Cake box',
        servings: 1,
        ingredients: [
          { ingredient_id: id, grams: 500 },
          { name: 'sugar', grams: 10, label_name: 'golden cane sugar' },
        ],
      }),
    });
    if (!response.ok) throw new Error(`POST Cake box: ${response.status}`);
  }, recipeId);
  await page.reload();
  await page.getByRole('link', { name: 'Cake box', exact: true }).waitFor();
  await axeCheck(page, 'recipes');
  await shot(page, 'recipes');
  await page.getByRole('button', { name: 'Delete Almond cake', exact: true }).click();
  const inUse = page.getByRole('dialog', { name: 'Delete “Almond cake”?' });
  await inUse.getByRole('button', { name: 'Delete recipe' }).click();
  await inUse.getByRole('alert').waitFor();
  check(/used by 1 recipe/.test((await inUse.getByRole('alert').textContent()) ?? ''), 'recipe_in_use explained');
  await inUse.getByRole('button', { name: 'Cancel' }).click();

  stage('Save keeps what the app does not edit');
  // Saving through the app keeps what it does not edit: a line's own label name, and the
  // sub-ingredients a food's default name carries.
  // On a slow network too: an edit made as soon as the recipe shows is not overwritten by
  // the rest of its loading (every read is held back 700 ms while it opens).
  const slowReads = '**/v1/**';
  await page.route(slowReads, async (route) => {
    if (route.request().method() === 'GET') await sleep(700);
    await route.continue();
  });
  await page.getByRole('link', { name: 'Cake box', exact: true }).click();
  await heading(page, 'Cake box').waitFor();
  await page.getByLabel('Servings', { exact: true }).fill('2');
  await page.unroute(slowReads);
  stage('Leave with unsaved changes');
  // Leaving with unsaved changes asks first; staying keeps the edit.
  const leave = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no "unsaved changes" dialog within 10 s')), 10000);
    page.once('dialog', (d) => d.dismiss().then(() => {
      clearTimeout(timer);
      resolve(d.message());
    }));
  });
  await page.getByRole('link', { name: 'Recipes', exact: true }).click();
  check(/unsaved changes/.test(await leave), 'asked before leaving');
  await heading(page, 'Cake box').waitFor();
  check((await page.getByLabel('Servings', { exact: true }).inputValue()) === '2', 'the edit stayed');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved: version 2.').waitFor();
  const statements = await page.evaluate(async (id) => {
    const list = await (await fetch('/v1/recipes?q=Cake%20box')).json();
    const cake = await (await fetch(`/v1/recipes/${id}`)).json();
    return { box: list.data[0].label.ingredient_statement, cake: cake.label.ingredient_statement };
  }, recipeId);
  check(/golden cane sugar/i.test(statements.box), `the line's own label name kept: ${statements.box}`);
  check(/niacin/i.test(statements.cake), `flour keeps its sub-ingredients: ${statements.cake}`);
  await page.getByRole('link', { name: 'Recipes', exact: true }).click();
  await heading(page, 'Recipes').waitFor();

  // ---- Ingredients: delete in use, archive, restore. ----
  stage('Ingredients');
  await page.getByRole('link', { name: 'Ingredients', exact: true }).click();
  await page.getByRole('button', { name: 'Delete Crumb almond paste' }).click();
  const ingDialog = page.getByRole('dialog', { name: 'Delete “Crumb almond paste”?' });
  await ingDialog.getByRole('button', { name: 'Delete ingredient' }).click();
  check(/used by 1 recipe.*Archive it instead/s.test((await ingDialog.getByRole('alert').textContent()) ?? ''), 'ingredient_in_use explained');
  await ingDialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Archive Crumb almond paste' }).click();
  await page.getByText('Archived “Crumb almond paste”.').waitFor();
  await until('archived leaves the list', async () => (await page.getByRole('link', { name: 'Crumb almond paste', exact: true }).count()) === 0);
  await page.getByRole('checkbox', { name: 'Show archived' }).check();
  await page.getByRole('button', { name: 'Restore Crumb almond paste' }).click();
  await page.getByText('Restored “Crumb almond paste”.').waitFor();
  await shot(page, 'ingredients');
  stage('Edit an ingredient');
  // Edit it: the form shows what is stored and saves a new version.
  await page.getByRole('link', { name: 'Crumb almond paste', exact: true }).click();
  await heading(page, 'Ingredient: Crumb almond paste').waitFor();
  check((await page.getByLabel('Calories (kcal)').inputValue()) === '500', 'stored calories shown');
  check(await page.getByRole('checkbox', { name: 'Tree nuts' }).isChecked(), 'stored allergen shown');
  await page.getByLabel('Calories (kcal)').fill('520');
  await page.getByRole('button', { name: 'Save ingredient' }).click();
  await page.getByText(/Saved: version \d+\./).waitFor();
  await page.getByRole('link', { name: 'All ingredients' }).click();
  await page.getByText('520 kcal/100 g').waitFor();

  stage('Paging');
  // Paging: 21 more recipes make a second page of the list (20 a page).
  await page.evaluate(async () => {
    const session = await (await fetch('/auth/v1/session')).json();
    for (let i = 1; i <= 21; i++) {
      const response = await fetch('/v1/recipes', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
        body: JSON.stringify({ name: `Muffin ${String(i).padStart(2, '0')}`, servings: 6, ingredients: [{ name: 'flour', grams: 300 }] }),
      });
      if (!response.ok) throw new Error(`POST Muffin ${i}: ${response.status}`);
    }
  });
  await page.getByRole('link', { name: 'Recipes', exact: true }).click();
  const rows = page.getByRole('list', { name: 'Recipes' }).getByRole('listitem');
  await until('a full first page', async () => (await rows.count()) === 20);
  await page.getByRole('button', { name: 'Next page' }).click();
  await page.getByText('Page 2').waitFor();
  await until('the rest on page 2', async () => (await rows.count()) === 3);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await until('back to page 1', async () => (await rows.count()) === 20);

  // ---- First load of the builder, cold cache: bytes and time to interactive. ----
  stage('First load of the builder, cold cache');
  const cold = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  watch(cold);
  await cold.addCookies(await context.cookies());
  const fresh = await cold.newPage();
  await fresh.goto(`${SERVICE}/app/recipes/${recipeId}`);
  await until('the builder is interactive', () =>
    fresh.evaluate(() => performance.getEntriesByName('nls-builder-ready').length > 0),
  );
  await until('its first preview', async () => calories(await labelText(fresh)));
  const load = await fresh.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const resources = performance.getEntriesByType('resource');
    const ready = performance.getEntriesByName('nls-builder-ready')[0].startTime;
    const bytes = resources.reduce((sum, r) => sum + r.transferSize, nav.transferSize);
    const appBytes = resources
      .filter((r) => /\/app\/app\.(js|css)$/.test(r.name))
      .reduce((sum, r) => sum + r.transferSize, nav.transferSize);
    return { requests: resources.length + 1, bytes, app_bytes: appBytes, interactive_ms: Math.round(ready), dom_content_loaded_ms: Math.round(nav.domContentLoadedEventEnd) };
  });
  metric({ metric: 'builder_first_load', ...load });
  await axeCheck(fresh, 'builder (fresh load)');
  await cold.close();

  // ---- 360 px: the builder and the lists fit without sideways scrolling. ----
  stage('360 px');
  await page.setViewportSize({ width: 360, height: 760 });
  for (const [path, name] of [
    [`/app/recipes/${recipeId}`, 'Almond cake'],
    ['/app/recipes', 'Recipes'],
    ['/app/ingredients', 'Ingredients'],
    [`/app/recipes/${recipeId}/history`, 'History: Almond cake'],
    [`/app/recipes/${recipeId}/share`, 'Export and embed: Almond cake'],
  ]) {
    await page.goto(SERVICE + path);
    await heading(page, name).waitFor();
    await sleep(200);
    await fitsWidth(page, path);
  }
  await axeCheck(page, 'export at 360 px');
  await page.setViewportSize({ width: 1280, height: 860 });

  // ---- The plan wall from the server: an EU recipe after a move back to Free. ----
  stage('The plan wall from the server');
  await page.goto(`${SERVICE}/app/recipes/${recipeId}`);
  await heading(page, 'Almond cake').waitFor();
  await page.getByLabel('Label format').selectOption({ label: 'EU nutrition declaration (Regulation (EU) No 1169/2011)' });
  await until('the EU label', async () => /Energy/.test(await labelText(page)));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(/Saved: version \d+\./).waitFor();
  await ask({ plan: 'free', email: EMAIL });
  await page.reload();
  await heading(page, 'Almond cake').waitFor();
  const wall = page.getByRole('region', { name: 'Label preview' }).getByRole('alert');
  await until('the 403 is explained', async () => {
    const text = (await wall.textContent().catch(() => '')) ?? '';
    return /needs the professional plan/i.test(text) && /Your plan is Free/.test(text) && text;
  });
  const row1 = page.getByRole('combobox', { name: 'Ingredient 1' });
  const row1Resolved = page.locator('#' + (await row1.getAttribute('aria-describedby')));
  await until('saved rows show what they are without a preview', async () =>
    /Allergens: gluten, wheat/.test((await row1Resolved.textContent()) ?? ''),
  );
  await axeCheck(page, 'builder plan wall');

  // ---- Sign out. ----
  stage('Sign out');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await heading(page, 'Sign in').waitFor();
  const session = await page.evaluate(async () => (await fetch('/auth/v1/session')).status);
  check(session === 401, `signed out for the server too: ${session}`);

  check(external.length === 0, `no external requests: ${external.join(', ')}`);
  check(pageErrors.length === 0, `no page errors: ${pageErrors.join('; ')}`);
  metric({ metric: 'axe_minor_or_moderate', screens: axeCounts });
} catch (err) {
  failed = err;
  await reportFailure(lastPage, pageErrors);
} finally {
  await browser.close().catch(() => {});
  hostServer.close();
}
if (process.env.METRICS_FILE) writeFileSync(process.env.METRICS_FILE, metrics.map((m) => JSON.stringify(m)).join('\n') + '\n');
finish(failed);
