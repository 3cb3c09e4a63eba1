// What every browser journey needs: the stack (shared, or its own when a file runs alone), Debian's
// Chromium, the two widths, sign-in, axe-core, screenshots, the fit and name-width checks, and data made through the API.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { chromiumPath, startStack } from '../stack.mjs';

export { assert };
export { readContract } from '../../scripts/contract.mjs';

export const VIEWPORTS = {
  desktop: { width: 1400, height: 900 },
  phone: { width: 390, height: 844 },
};

const shots = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
mkdirSync(shots, { recursive: true });

/** Names unique to this run, so a kept data directory or a second run cannot collide. */
export const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/**
 * Sets up the file: the stack and one browser, shared by its journeys. Returns a getter for the stack's URL.
 */
export function setUp() {
  const state = { url: process.env.BTD_STACK_URL, stack: null, browser: null };
  before(async () => {
    if (!state.url) {
      state.stack = await startStack();
      state.url = state.stack.url;
    }
    state.browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    });
  });
  after(async () => {
    await state.browser?.close();
    await state.stack?.stop();
  });
  return {
    url: () => state.url,
    /**
     * One journey at each width, in a fresh browser context each (its own sessionStorage, so its own
     * sign-in and drafts). `fn(page, width)`; a failure leaves a screenshot named after the journey.
     */
    journey(name, fn, { widths = Object.keys(VIEWPORTS) } = {}) {
      for (const width of widths) {
        test(`${name} (${width})`, async () => {
          const context = await state.browser.newContext({ viewport: VIEWPORTS[width] });
          const page = await context.newPage();
          page.setDefaultTimeout(15_000);
          const errors = [];
          page.on('pageerror', (e) => errors.push(e.message));
          try {
            await fn(page, width);
            assert.deepEqual(errors, [], 'uncaught errors in the page');
          } catch (e) {
            await page.screenshot({ path: `${shots}failed-${slug(name)}-${width}.png`, fullPage: true }).catch(() => {});
            throw e;
          } finally {
            await context.close();
          }
        });
      }
    },
  };
}

const slug = (s) => s.toLowerCase().replace(/\W+/g, '-').replace(/^-|-$/g, '');

/** Opens the CMS at `hash` and signs in with the local sign-in; waits for the signed-in header. */
export async function signIn(page, url, { hash = '#/deals', username = 'erin', editor = true } = {}) {
  if (url) await page.goto(`${url}/editor/${hash}`);
  await page.getByLabel('Username').fill(username);
  const box = page.getByLabel('In the editors group');
  if ((await box.isChecked()) !== editor) await box.click();
  await page.getByRole('button', { name: 'Sign in locally' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/**
 * axe-core on the page as it is: 0 serious or critical violations. Run in the page itself (axe's legacy mode): the
 * default mode opens a blank page to merge the results of frames from other origins, which the CMS does not have
 * (checked here), and took half of every check's time for the same results.
 */
export async function accessible(page, name) {
  assert.deepEqual(page.frames().map((f) => f.url()), [page.url()], `${name}: a frame axe would need its default mode for`);
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`), [], `axe on ${name}`);
}

/** The page fits its width: nothing scrolls sideways. */
export async function fits(page, name) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth }));
  assert.ok(scroll <= width, `${name}: ${scroll} px wide in a ${width} px window`);
}

/**
 * No table squeezes its names: each row's header (a brand's or category's name) is at least 100 px wide. On a phone
 * the brands page once gave the name column one letter a line (a 10,436 px screenshot) beside a wide Edit column.
 */
export async function readable(page, name) {
  const narrow = await page.locator('tbody th[scope="row"]').evaluateAll((cells) => cells
    .map((c) => ({ text: c.textContent.trim().slice(0, 40), width: Math.round(c.getBoundingClientRect().width) }))
    .filter((c) => c.width < 100));
  assert.deepEqual(narrow, [], `${name}: names squeezed into narrow cells`);
}

/** No image shows the browser's broken-image icon: every <img> on screen has loaded. */
export async function noBrokenImages(page, name) {
  const broken = await page.locator('img').evaluateAll((imgs) => imgs.filter((i) => i.complete && i.naturalWidth === 0).map((i) => i.src));
  assert.deepEqual(broken, [], `${name}: broken images`);
}

/** Screenshot, then the checks every page gets: fit, names not squeezed, axe, no broken images. */
export async function look(page, width, name) {
  await page.screenshot({ path: `${shots}${name}-${width}.png`, fullPage: true });
  await fits(page, `${name} (${width})`);
  await readable(page, `${name} (${width})`);
  await noBrokenImages(page, `${name} (${width})`);
  await accessible(page, `${name} (${width})`);
}

/** Until `check` holds (the stream delay is seconds), without a fixed sleep. */
export async function eventually(check, what, seconds = 10) {
  for (let i = 0; i < seconds * 10; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`not within ${seconds} s: ${what}`);
}

/**
 * The API as a test sets things up: an editor's token (or, with `as`, a user's), JSON in and out.
 */
export function apiAt(url, { as = 'setup', editor = true } = {}) {
  let token;
  const request = async (method, path, body) => {
    token ??= (await (await fetch(`${url}/editor/local-sign-in`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: as, editor }),
    })).json()).accessToken;
    const res = await fetch(url + path, {
      method, headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined, signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
  return {
    get: (path) => request('GET', path),
    post: (path, body) => request('POST', path, body),
    patch: (path, body) => request('PATCH', path, body),
    put: (path, body) => request('PUT', path, body),
    delete: (path) => request('DELETE', path),
    /** A brand and a category of their own, named after `what` and this run. */
    async catalog(what) {
      const brand = await request('POST', '/cms/brands', { name: `${what} brand ${run}` });
      const category = await request('POST', '/cms/categories', { name: `${what} category ${run}` });
      return { brand, category };
    },
    deal(catalog, fields) {
      return request('POST', '/cms/deals', {
        link: `https://shop.example.com/${Math.random().toString(36).slice(2)}`, price: 10,
        brandId: catalog.brand.id, categoryId: catalog.category.id, ...fields,
      });
    },
  };
}

/** A signed-in user of the app, named after `who` and this run, with a profile (posting a comment needs one). */
export async function appUser(url, who) {
  const username = `${who}-${run}`;
  const user = apiAt(url, { as: username, editor: false });
  await user.post('/me', { email: `${username}@example.com` });
  return Object.assign(user, { username });
}

/** The deal id in the address (#/deals/<id>), or null. */
export const dealIdIn = (page) => /#\/deals\/([0-9A-Za-z]{27})$/.exec(page.url())?.[1] ?? null;

/** The element is on screen now (at least partly inside the window), not somewhere below the fold. */
export async function onScreen(locator, what) {
  const box = await locator.boundingBox();
  const { height } = locator.page().viewportSize();
  assert.ok(box && box.y < height && box.y + box.height > 0, `${what} is not on screen (${JSON.stringify(box)}, window ${height} px high)`);
}
