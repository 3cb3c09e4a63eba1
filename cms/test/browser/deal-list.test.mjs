// The latest-deals list: filtered by brand, paged with "Older deals" at the contract's page size, and a
// filter change that never gets an older page of the previous filter appended to it. The page and the order live in
// the address, and an order other than newest first orders the whole list, not the deals loaded.
import { apiAt, assert, look, readContract, run, setUp, signIn } from './support.mjs';

const { url, journey } = setUp();
const PAGE = readContract().PAGE_SIZE[0];

let data;
/** Two brands of this run: one with a page and two deals more, one with three. Made once, for both widths. */
async function seed(api) {
  if (data) return data;
  const many = await api.catalog('Paged');
  const few = await api.catalog('Few');
  const make = (catalog, prefix, n) => Promise.all(Array.from({ length: n }, (_, i) => api.deal(catalog, { title: `${prefix} ${run} #${i + 1}` })));
  // One after another, each dearer than the one before: the oldest (#1, on the second page newest first) is the cheapest.
  for (let i = 0; i < PAGE + 2; i++) await api.deal(many, { title: `Paged deal ${run} #${i + 1}`, price: i + 1 });
  await make(few, 'Few deal', 3);
  data = { many, few };
  return data;
}

const titles = (page) => page.locator('ul.deals .deal-title').allInnerTexts();
/** Until the list shows `n` deals, each titled `prefix…`. */
const showing = (page, prefix, n) => page.waitForFunction(([p, n]) => {
  const t = [...document.querySelectorAll('ul.deals .deal-title')].map((e) => e.textContent);
  return t.length === n && t.every((x) => x.startsWith(p));
}, [prefix, n]);

journey('filter by brand and page through its deals', async (page, width) => {
  const { many, few } = await seed(apiAt(url()));
  await signIn(page, url());
  await page.locator('#scope').selectOption({ label: many.brand.name });
  await showing(page, 'Paged deal', PAGE);
  await page.getByRole('button', { name: 'Older deals' }).click();
  await showing(page, 'Paged deal', PAGE + 2);
  assert.equal(await page.getByRole('button', { name: 'Older deals' }).count(), 0, 'no older deals after the last page');
  const all = await titles(page);
  assert.equal(new Set(all).size, PAGE + 2, 'every deal once');
  assert.ok(all.every((t) => t.startsWith('Paged deal')), 'only the brand\'s deals');
  await look(page, width, 'deal-list-paged');

  await page.locator('#scope').selectOption({ label: few.brand.name });
  await showing(page, 'Few deal', 3);
});

journey('the page and the order live in the address; cheapest first orders the whole list', async (page, width) => {
  const { many } = await seed(apiAt(url()));
  await signIn(page, url(), { hash: `#/deals?show=${encodeURIComponent(`brand:${many.brand.id}`)}` });
  await showing(page, 'Paged deal', PAGE);
  await page.getByRole('button', { name: 'Older deals' }).click();
  await page.waitForFunction(() => location.hash.includes('page=2'));
  await showing(page, 'Paged deal', PAGE + 2);
  await page.reload();
  await showing(page, 'Paged deal', PAGE + 2);
  await page.goBack();
  await page.waitForFunction(() => !location.hash.includes('page='));
  await showing(page, 'Paged deal', PAGE);

  // Cheapest first, over all PAGE + 2 deals: #1 (the oldest) leads, though newest first it is not on the first page.
  const cheapest = Array.from({ length: PAGE + 2 }, (_, i) => `Paged deal ${run} #${i + 1}`);
  await page.locator('#sort').selectOption('price');
  await page.waitForFunction(() => location.hash.includes('sort=price') && !location.hash.includes('page='));
  await page.getByText(`Ordered across all ${PAGE + 2} deals of this list.`).waitFor();
  await showing(page, 'Paged deal', PAGE);
  assert.deepEqual(await titles(page), cheapest.slice(0, PAGE), 'the cheapest of the whole list first');
  await page.getByRole('button', { name: 'More deals' }).click();
  await page.waitForFunction(() => location.hash.includes('page=2'));
  await showing(page, 'Paged deal', PAGE + 2);
  assert.deepEqual(await titles(page), cheapest);
  assert.equal(await page.getByRole('button', { name: 'More deals' }).count(), 0, 'no more after the whole list');
  await page.reload();
  await showing(page, 'Paged deal', PAGE + 2);
  assert.deepEqual(await titles(page), cheapest, 'the same list after a reload');
  await look(page, width, 'deal-list-cheapest');
});

journey('a filter change drops the older page of the filter before it', async (page) => {
  const { many, few } = await seed(apiAt(url()));
  await signIn(page, url());
  await page.locator('#scope').selectOption({ label: many.brand.name });
  await showing(page, 'Paged deal', PAGE);

  // The older page of the first filter is slow; the editor changes the filter meanwhile.
  let releaseOlder;
  const older = new Promise((r) => { releaseOlder = r; });
  await page.route((u) => u.pathname === `/brands/${many.brand.id}/deals` && u.searchParams.has('cursor'), async (route) => { await older; await route.continue(); });
  // And the new filter's first page is slow too: until it is in, there is no "Older deals" to press.
  let releaseFirst;
  const first = new Promise((r) => { releaseFirst = r; });
  await page.route((u) => u.pathname === `/brands/${few.brand.id}/deals`, async (route) => { await first; await route.continue(); });

  await page.getByRole('button', { name: 'Older deals' }).click();
  await page.locator('#scope').selectOption({ label: few.brand.name });
  await page.getByText('Loading deals…').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Older deals' }).count(), 0, 'no older deals before the first page');
  releaseOlder();
  await page.waitForTimeout(500); // the stale page has answered by now
  assert.equal(await page.locator('ul.deals li').count(), 0, 'the old filter\'s older page was not shown');
  releaseFirst();
  await showing(page, 'Few deal', 3);
  await page.waitForTimeout(300);
  const shown = await titles(page);
  assert.equal(shown.length, 3);
  assert.ok(shown.every((t) => t.startsWith('Few deal')), JSON.stringify(shown));
  assert.equal(await page.getByRole('button', { name: 'Older deals' }).count(), 0);
});
