// Whole editor journeys in a real headless Chromium against the real local stack (one browser, serial).
// Screenshots of each page go to cms/test-results/screenshots/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { chromiumPath, startStack } from './stack.mjs';

const shots = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));
mkdirSync(shots, { recursive: true });
const run = Date.now().toString(36); // names unique to this run, so a kept data dir cannot collide
const BRAND = `Test Brand ${run}`;
const CATEGORY = `Test Gadgets ${run}`;
const DEAL = `Noise-cancelling headphones ${run}`;
const OTHER = `Espresso machine ${run}`;

let stack, browser, page;

before(async () => {
  stack = await startStack();
  browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

/** axe-core on the page as it is: 0 serious or critical violations. */
async function accessible(name) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`), [], `axe on ${name}`);
}

async function shot(name) {
  await page.screenshot({ path: `${shots}${name}.png`, fullPage: true });
}

async function signIn(username = 'erin', editor = true) {
  await page.getByLabel('Username').fill(username);
  const box = page.getByLabel('In the editors group');
  if ((await box.isChecked()) !== editor) await box.click();
  await page.getByRole('button', { name: 'Sign in locally' }).click();
}

/** The public API, as the mobile app reads it. */
async function api(path) {
  const res = await fetch(stack.url + path);
  return res.json();
}

/** Until the stream consumer has done its part (the contract allows seconds), checked without a fixed sleep. */
async function eventually(check, what) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`not within 10 s: ${what}`);
}

let dealId;
let broken = false;

/** One step of the day: later steps build on earlier ones, so after a failure they are skipped, not piled up. */
async function step(t, name, fn) {
  await t.test(name, { skip: broken && 'an earlier step failed' }, async () => {
    try {
      await fn();
    } catch (e) {
      broken = true;
      await shot(`failed-${name.replace(/\W+/g, '-')}`).catch(() => {});
      throw e;
    }
  });
}

test('editor journeys', async (t) => {
  await step(t, 'sign in with the local sign-in', async () => {
    await page.goto(`${stack.url}/editor/`);
    await page.getByText('Local sign-in.').waitFor();
    await accessible('sign-in');
    await shot('sign-in');
    await signIn();
    await page.getByRole('heading', { name: 'Latest deals' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  });

  await step(t, 'create a brand and a category, and see a duplicate explained', async () => {
    await page.getByRole('link', { name: 'Brands & categories' }).click();
    await page.getByLabel('Name').first().fill(BRAND);
    await page.getByText(`Its id will be “test-brand-${run}”.`).waitFor();
    await page.getByRole('button', { name: 'Create brand' }).click();
    await page.getByRole('cell', { name: BRAND, exact: true }).waitFor();
    await page.locator('#category-name').fill(CATEGORY);
    await page.getByRole('button', { name: 'Create category' }).click();
    await page.getByRole('cell', { name: CATEGORY, exact: true }).waitFor();

    await page.locator('#brand-name').fill(BRAND.toUpperCase());
    await page.getByRole('button', { name: 'Create brand' }).click();
    await page.getByText(`A brand with the id “test-brand-${run}” already exists.`).waitFor();
    await accessible('brands');
    await shot('brands-and-categories');
  });

  await step(t, 'create a deal: a price of -1 shows the API message next to the price', async () => {
    await page.getByRole('link', { name: 'Deals' }).click();
    await page.getByLabel('Title').last().fill(DEAL);
    await page.locator('#new-link').fill('https://shop.example.com/headphones');
    await page.locator('#new-price').fill('-1');
    await page.locator('#new-brandId').selectOption({ label: BRAND });
    await page.locator('#new-categoryId').selectOption({ label: CATEGORY });
    await page.getByRole('button', { name: 'Create deal' }).click();
    const error = page.locator('#new-price-error');
    await error.waitFor();
    assert.match(await error.innerText(), /price/i);
    assert.equal(await page.locator('#new-price').getAttribute('aria-invalid'), 'true');
    await shot('deal-price-error');

    await page.locator('#new-price').fill('59.99');
    await page.getByRole('button', { name: 'Create deal' }).click();
    await page.getByText(`Created “${DEAL}”`).waitFor();
    await page.getByRole('heading', { name: /^Deal [0-9A-Za-z]{27}$/ }).waitFor();
    dealId = (await page.getByRole('heading', { name: /^Deal / }).innerText()).slice(5);
    await page.getByRole('button', { name: new RegExp(DEAL) }).waitFor(); // the list shows it
    await accessible('deals');
    await shot('deals');

    // A second deal, to reorder against
    await page.locator('#new-title').fill(OTHER);
    await page.locator('#new-link').fill('https://shop.example.com/espresso');
    await page.locator('#new-price').fill('199');
    await page.locator('#new-brandId').selectOption({ label: BRAND });
    await page.locator('#new-categoryId').selectOption({ label: CATEGORY });
    await page.getByRole('button', { name: 'Create deal' }).click();
    await page.getByText(`Created “${OTHER}”`).waitFor();
  });

  await step(t, 'a network failure keeps the form', async () => {
    await page.route('**/cms/deals', (route) => route.abort('internetdisconnected'));
    await page.locator('#new-title').fill('Kept through a failure');
    await page.getByRole('button', { name: 'Create deal' }).click();
    await page.getByText('The API could not be reached.').waitFor();
    assert.equal(await page.locator('#new-title').inputValue(), 'Kept through a failure');
    await page.unroute('**/cms/deals');
    await page.locator('#new-title').fill('');
  });

  await step(t, 'feature it on the front page, reorder by keyboard, and see it in the preview', async () => {
    await page.getByRole('link', { name: 'Featured lists' }).click();
    await page.getByRole('button', { name: `Add “${DEAL}”` }).click();
    await page.getByRole('button', { name: `Add “${OTHER}”` }).click();
    const items = page.locator('ol.featured > li');
    assert.deepEqual(await items.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))), [`1. ${DEAL}`, `2. ${OTHER}`]);

    // Keyboard: focus the second deal and move it up.
    await items.nth(1).focus();
    await page.keyboard.press('Alt+ArrowUp');
    assert.deepEqual(await items.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))), [`1. ${OTHER}`, `2. ${DEAL}`]);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), `1. ${OTHER}`);
    await page.getByRole('button', { name: 'Save Front page' }).click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();

    const preview = page.getByTestId('preview');
    assert.deepEqual(await preview.locator('h3').allInnerTexts(), [OTHER, DEAL]);
    const titles = async () => JSON.stringify((await api('/frontpage')).featured.map((d) => d.title));
    await eventually(async () => (await titles()) === JSON.stringify([OTHER, DEAL]), 'the app\'s front page shows the new order');
    await accessible('featured');
    await shot('featured');
  });

  await step(t, 'reorder by drag and drop', async () => {
    const items = page.locator('ol.featured > li');
    // A real pointer drag: press on the second deal's grip, move over the first, release.
    const from = await items.nth(1).locator('.grip').boundingBox();
    const to = await items.nth(0).boundingBox();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 4, { steps: 8 });
    await page.mouse.up();
    assert.deepEqual(await items.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))), [`1. ${DEAL}`, `2. ${OTHER}`]);
    await page.getByRole('button', { name: 'Save Front page' }).click();
    await page.getByRole('button', { name: 'Saved' }).waitFor();
    await eventually(async () => JSON.stringify((await api('/frontpage')).featured.map((d) => d.title)) === JSON.stringify([DEAL, OTHER]), 'dragged order on the front page');
  });

  await step(t, 'blast it and watch the progress reach done', async () => {
    await page.getByRole('link', { name: 'Hot-deal blast' }).click();
    await page.locator('#dealId').selectOption(dealId);
    await page.getByLabel('Subject (optional)').fill('Half price, today only');
    await page.getByRole('button', { name: 'Blast this deal…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to every user?' });
    await dialog.getByText('every user').first().waitFor();
    await accessible('blast-confirm');
    await dialog.getByRole('button', { name: 'Send to every user' }).click();
    await page.getByTestId('blast-state').getByText(/^Done: \d+ users reached\.$/).waitFor();
    assert.equal(await page.locator('#blast-progress').getAttribute('value'), '100');
    await accessible('blast');
    await shot('blast');
  });

  await step(t, 'correct its price and see the change', async () => {
    await page.getByRole('link', { name: 'Deals' }).click();
    await page.getByLabel('Open a deal by id').fill(dealId);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.locator('#price').fill('39.99');
    await page.getByRole('button', { name: 'Save correction' }).click();
    await page.getByText('Saved: now $39.99.').waitFor();
    assert.equal((await api(`/deals/${dealId}`)).price, 39.99);
    // The featured copy follows through the stream.
    await eventually(async () => (await api('/frontpage')).featured.find((d) => d.id === dealId)?.price === 39.99, 'featured copy corrected');
    await page.getByRole('link', { name: 'Featured lists' }).click();
    await page.getByTestId('preview').getByText('$39.99').waitFor();
  });

  await step(t, 'expire it and see it leave the featured preview', async () => {
    await page.getByRole('link', { name: 'Deals' }).click();
    await page.getByLabel('Open a deal by id').fill(dealId);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByRole('button', { name: 'Expire now' }).click();
    await page.getByTestId('expiry-state').getByText('Expired').waitFor();
    assert.equal((await api(`/deals/${dealId}`)).expired, true);
    await accessible('deal-expired');
    await shot('deal-expired');

    await page.getByRole('link', { name: 'Featured lists' }).click();
    const preview = page.getByTestId('preview');
    await preview.getByText(OTHER).waitFor();
    assert.deepEqual(await preview.locator('h3').allInnerTexts(), [OTHER]);
    assert.ok(!(await api('/frontpage')).featured.some((d) => d.id === dealId));
    // An expired deal cannot be added back.
    assert.equal(await page.getByRole('button', { name: `Add “${DEAL}”` }).isDisabled(), true);
  });

  await step(t, 'take it down, after a confirmation', async () => {
    await page.getByRole('link', { name: 'Deals' }).click();
    await page.getByLabel('Open a deal by id').fill(dealId);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByRole('button', { name: 'Take down…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Take this deal down?' });
    await dialog.getByText('cannot be undone').waitFor();
    await accessible('takedown-confirm');
    await dialog.getByRole('button', { name: 'Take it down' }).click();
    await page.getByText('Taken down:').waitFor();
    assert.equal((await fetch(`${stack.url}/deals/${dealId}`)).status, 404);
    await eventually(async () => !(await api('/deals')).deals.some((d) => d.id === dealId), 'the deal left the latest deals');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('Open a deal by id').fill(dealId);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByText('Not found: it does not exist, or no longer does.').waitFor();
    await shot('deal-taken-down');
  });

  await step(t, 'every page is usable before its lists load, and no page chains more than 2 API requests', async () => {
    // Each API request is held until the page has asked for everything it can without it; then that level
    // is released. The number of levels is the depth of the page's request waterfall.
    const isApi = (url) => !new URL(url).pathname.startsWith('/editor/');
    for (const [hash, usable] of [['deals', '#new-title'], ['brands', '#brand-name'], ['featured', '#pick-id'], ['blast', '#subject']]) {
      let held = [];
      await page.route(isApi, (route) => { held.push(route); });
      await page.goto('about:blank');
      await page.goto(`${stack.url}/editor/#/${hash}`);
      const levels = [];
      for (;;) {
        let seen = -1;
        while (seen !== held.length) { // settle: no new request for 300 ms
          seen = held.length;
          await page.waitForTimeout(300);
        }
        if (held.length === 0) break;
        if (levels.length === 0) {
          // Nothing has loaded yet, and the page's form already works.
          await page.locator(usable).fill('typed while lists load');
          assert.equal(await page.locator(usable).inputValue(), 'typed while lists load');
          await page.locator(usable).fill('');
        }
        levels.push(held.length);
        const level = held;
        held = [];
        await Promise.all(level.map((r) => r.continue()));
      }
      await page.unroute(isApi);
      console.log(`request waterfall of #/${hash}: ${levels.length} level(s), requests per level ${JSON.stringify(levels)}`);
      assert.ok(levels.length >= 1 && levels.length <= 2, `#/${hash} chains ${levels.length} levels: ${levels}`);
    }
  });

  await step(t, 'an expired session returns to sign-in and keeps what was typed', async () => {
    await page.getByRole('link', { name: 'Deals' }).click();
    await page.locator('#new-title').fill('Typed before the session ended');
    // The token expires (as a real one does after an hour): the API answers 401.
    await page.evaluate(() => {
      const [h, p, s] = sessionStorage.getItem('btd.token').split('.');
      const claims = JSON.parse(atob(p.replace(/-/g, '+').replace(/_/g, '/')));
      claims.exp = Math.floor(Date.now() / 1000) + 2; // still good in the tab, refused once it passes
      sessionStorage.setItem('btd.token', [h, btoa(JSON.stringify(claims)).replace(/=+$/, ''), s].join('.'));
    });
    await page.waitForFunction(() => Date.now() / 1000 > JSON.parse(atob(sessionStorage.getItem('btd.token').split('.')[1])).exp + 1, null, { timeout: 6000 });
    await page.getByRole('button', { name: 'Create deal' }).click();
    await page.getByText('Your session has ended.').waitFor();
    await signIn();
    assert.equal(await page.locator('#new-title').inputValue(), 'Typed before the session ended');
    await page.locator('#new-title').fill('');
  });

  await step(t, 'a signed-in user who is not an editor gets a plain explanation', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn('ann', false);
    await page.getByRole('heading', { name: 'Not an editor' }).waitFor();
    await accessible('not-an-editor');
    await shot('not-an-editor');
    await page.getByRole('button', { name: 'Sign out' }).click();
  });
});
