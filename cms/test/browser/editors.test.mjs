// Editors working together, in two real browser contexts (two editors, each signed in on their own): a lost update
// is refused and shown beside the form, with what the other changed, what this editor typed kept, and both ways on;
// the deal's history says who did what; an empty new deal names every field at once before sending anything; a
// duplicate link names the live deal and opens it.
import { apiAt, assert, dealIdIn, eventually, look, run, setUp, signIn } from './support.mjs';

const { url, journey } = setUp();

journey('two editors on one deal: the second save is refused and shown, then applied on top', async (page, width) => {
  const api = apiAt(url());
  const catalog = await api.catalog(`Together ${width}`);
  const deal = await api.deal(catalog, { title: `Kettle ${run} ${width}`, price: 19.99 });
  // Editor B, in a browser context of their own, opens the deal first.
  const other = await page.context().browser().newContext({ viewport: page.viewportSize() });
  try {
    const pageB = await other.newPage();
    await signIn(pageB, url(), { hash: `#/deals/${deal.id}`, username: 'fred' });
    await pageB.getByRole('heading', { name: deal.title }).waitFor();
    // Editor A opens it too and saves a price of 11.11.
    await signIn(page, url(), { hash: `#/deals/${deal.id}` });
    await page.getByRole('heading', { name: deal.title }).waitFor();
    await page.locator('#price').fill('11.11');
    await page.getByRole('button', { name: 'Save correction' }).click();
    await page.getByText('Saved: now $11.11.').waitFor();

    // B, still showing 19.99, types 15.00 and a new description, and saves: refused, nothing lost.
    await pageB.locator('#price').fill('15.00');
    await pageB.locator('#description').fill('Steel, 1.7 l');
    await pageB.getByRole('button', { name: 'Save correction' }).click();
    const conflict = pageB.getByTestId('conflict');
    await conflict.waitFor();
    assert.match(await pageB.getByTestId('theirs-price').innerText(), /19\.99.*11\.11.*you typed “15\.00”/s);
    assert.equal(await pageB.locator('#price').inputValue(), '15.00');
    assert.equal(await pageB.locator('#description').inputValue(), 'Steel, 1.7 l');
    assert.equal((await api.get(`/deals/${deal.id}`)).price, 11.11, 'the API kept A\'s price');
    await look(pageB, width, 'deal-conflict');

    // B keeps their edits on top of A's: the next save names A's version and goes through.
    await pageB.getByRole('button', { name: 'Keep my edits on top of theirs' }).click();
    assert.equal(await conflict.count(), 0);
    await pageB.getByRole('button', { name: 'Save correction' }).click();
    await pageB.getByText('Saved: now $15.00.').waitFor();
    const now = await api.get(`/cms/deals/${deal.id}`);
    assert.equal(now.price, 15);
    assert.equal(now.description, 'Steel, 1.7 l');
    assert.equal(now.version, 3);

    // A's tab, still at version 2, saves a title: refused too; A takes B's instead.
    await page.locator('#title').fill(`Kettle, steel ${run}`);
    await page.getByRole('button', { name: 'Save correction' }).click();
    await page.getByTestId('conflict').waitFor();
    await page.getByRole('button', { name: 'Take theirs, drop mine' }).click();
    assert.equal(await page.locator('#title').inputValue(), deal.title);
    assert.equal(await page.locator('#price').inputValue(), '15', 'the form shows B\'s price');

    // The history, on B's page once reloaded: both corrections, who made them, from what to what.
    await pageB.reload();
    const events = pageB.getByTestId('history-event');
    await eventually(async () => (await events.count()) === 3, 'three events: two corrections and the creation');
    assert.match(await events.nth(0).innerText(), /fred corrected it[\s\S]*Price: \$11\.11 → \$15\.00[\s\S]*Description: none → Steel, 1\.7 l/);
    assert.match(await events.nth(1).innerText(), /erin corrected it[\s\S]*Price: \$19\.99 → \$11\.11/);
    assert.match(await events.nth(2).innerText(), /setup created it/);
    await pageB.getByRole('heading', { name: 'History' }).scrollIntoViewIfNeeded();
    await look(pageB, width, 'deal-history');
  } finally {
    await other.close();
  }
});

journey('an empty new deal names every field at once and sends nothing; a duplicate link opens the live deal', async (page, width) => {
  const api = apiAt(url());
  const catalog = await api.catalog(`Fields ${width}`);
  const live = await api.deal(catalog, { title: `Toaster ${run} ${width}`, link: `https://shop.example.com/toaster-${run}-${width}` });
  let creates = 0;
  page.on('request', (r) => { if (r.method() === 'POST' && r.url().endsWith('/cms/deals')) creates++; });
  await signIn(page, url(), { hash: '#/deals/new' });
  await page.getByRole('heading', { name: 'New deal' }).waitFor();
  await page.locator('#new-imageUrl').fill('http://img.example.com/t.jpg');
  await page.getByRole('button', { name: 'Create deal' }).click();
  for (const [field, words] of [['title', /Enter a title/], ['link', /link to the shop/], ['price', /Enter a price/],
    ['brandId', /Choose a brand/], ['categoryId', /Choose a category/], ['imageUrl', /https:\/\//]]) {
    assert.match(await page.locator(`#new-${field}-error`).innerText(), words, field);
    assert.equal(await page.locator(`#new-${field}`).getAttribute('aria-invalid'), 'true', field);
  }
  assert.equal(creates, 0, 'nothing was sent');
  await look(page, width, 'new-deal-every-field');

  await page.locator('#new-title').fill(`Second toaster ${run}`);
  await page.locator('#new-link').fill(`https://SHOP.example.com/toaster-${run}-${width}/#offer`);
  await page.locator('#new-price').fill('9.99');
  await page.locator('#new-brandId').selectOption({ label: catalog.brand.name });
  await page.locator('#new-categoryId').selectOption({ label: catalog.category.name });
  await page.locator('#new-imageUrl').fill('');
  await page.getByRole('button', { name: 'Create deal' }).click();
  const open = page.getByTestId('duplicate-link');
  await open.waitFor();
  assert.match(await open.innerText(), new RegExp(`Open “Toaster ${run} ${width}”`));
  await look(page, width, 'new-deal-duplicate');
  await open.click();
  await page.getByRole('heading', { name: live.title }).waitFor();
  assert.equal(dealIdIn(page), live.id);
});

journey('a list filtered and ordered lives in its address; deals chosen are expired and taken down after one confirmation', async (page, width) => {
  const api = apiAt(url());
  const catalog = await api.catalog(`Bulk ${width}`);
  const made = [];
  for (const [title, price] of [[`Mid ${run} ${width}`, 20], [`Dear ${run} ${width}`, 30], [`Cheap ${run} ${width}`, 10]]) {
    made.push(await api.deal(catalog, { title, price }));
  }
  await signIn(page, url(), { hash: `#/deals?show=${encodeURIComponent(`category:${catalog.category.id}`)}&sort=price` });
  const order = async () => (await page.locator('ul.deals > li').allInnerTexts()).map((t) => (/(Cheap|Mid|Dear)/.exec(t) ?? [''])[0]);
  await page.locator('ul.deals > li').first().waitFor();
  assert.deepEqual(await order(), ['Cheap', 'Mid', 'Dear'], 'cheapest first');
  assert.equal(await page.locator('#sort').inputValue(), 'price');
  await page.reload();
  await page.locator('ul.deals > li').first().waitFor();
  assert.deepEqual(await order(), ['Cheap', 'Mid', 'Dear'], 'the same list after a reload');
  await page.locator('#sort').selectOption('newest');
  await page.waitForFunction(() => !location.hash.includes('sort='));
  // Each order is its own read of the list (cheapest first reads the whole of it): wait for it.
  const inOrder = async (want, what) => eventually(async () => JSON.stringify(await order()) === JSON.stringify(want), what);
  await inOrder(['Cheap', 'Dear', 'Mid'], 'newest first');
  await page.goBack();
  await page.waitForFunction(() => location.hash.includes('sort=price'));
  await inOrder(['Cheap', 'Mid', 'Dear'], 'Back shows the ordered list again');

  // Three chosen, one confirmation naming how many and which, each at the version it was read at.
  const ifMatch = [];
  page.on('request', (r) => { if (r.method() === 'PATCH' && r.url().includes('/cms/deals/')) ifMatch.push(r.headers()['if-match'] ?? null); });
  for (const d of made) await page.getByLabel(`Choose “${d.title}”`).check();
  await page.getByRole('button', { name: 'Expire 3 now…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Expire 3 deals now?' });
  await dialog.waitFor();
  await eventually(async () => (await dialog.getByText('version 1').count()) === 3, 'each deal named at its version');
  assert.deepEqual((await dialog.getByTestId('bulk-title').allInnerTexts()).sort(), made.map((d) => d.title).sort());
  await look(page, width, 'deals-bulk-confirm');
  // Another editor corrects one of them meanwhile: that one is refused (412) and named, the other two expire.
  await apiAt(url(), { as: 'fred' }).patch(`/cms/deals/${made[1].id}`, { price: 25 });
  await dialog.getByRole('button', { name: 'Expire 3' }).click();
  const partly = page.getByTestId('bulk-result');
  await partly.filter({ hasText: 'Expired 2 of 3 deals' }).waitFor();
  await onScreenOrNear(partly);
  assert.match(await page.getByTestId('bulk-failed').innerText(), new RegExp(`${made[1].title}.*another editor changed it.*Price: \\$30\\.00 → \\$25\\.00`, 's'));
  assert.deepEqual(ifMatch, ['"v1"', '"v1"', '"v1"'], 'every expiry named the version shown');
  assert.equal((await api.get(`/deals/${made[0].id}`)).expired, true);
  assert.equal((await api.get(`/deals/${made[2].id}`)).expired, true);
  assert.equal((await api.get(`/deals/${made[1].id}`)).expired, false, 'the deal changed meanwhile was not expired');
  await look(page, width, 'deals-bulk-stale');

  // It is still chosen, as it is now: the next confirmation names its new version, and it expires.
  await page.getByRole('button', { name: 'Expire 1 now…' }).click();
  const again = page.getByRole('dialog', { name: 'Expire 1 deal now?' });
  await again.getByText('$25.00, version 2').waitFor();
  await again.getByRole('button', { name: 'Expire 1' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Expired 1 deal' });
  await done.waitFor();
  await onScreenOrNear(done);
  assert.equal(ifMatch.at(-1), '"v2"');
  assert.equal((await api.get(`/deals/${made[1].id}`)).expired, true);

  await page.getByLabel(`Choose “${made[2].title}”`).check();
  await page.getByRole('button', { name: 'Take 1 down…' }).click();
  await page.getByRole('dialog', { name: 'Take 1 deal down?' }).getByRole('button', { name: 'Take 1 down' }).click();
  await page.getByRole('status').filter({ hasText: 'Took down 1 deal' }).waitFor();
  assert.equal((await fetch(`${url()}/deals/${made[2].id}`)).status, 404);
});

/** An action's result is on screen. */
async function onScreenOrNear(locator) {
  const box = await locator.boundingBox();
  const { height } = locator.page().viewportSize();
  assert.ok(box && box.y >= 0 && box.y + box.height <= height, `the result is on screen (${JSON.stringify(box)})`);
}

journey('a brand renamed reaches its deals and their copies; one a deal names is not deleted, an unused one is', async (page, width) => {
  const api = apiAt(url());
  const catalog = await api.catalog(`Rename ${width}`);
  const deal = await api.deal(catalog, { title: `Grinder ${run} ${width}` });
  await api.put(`/cms/categories/${catalog.category.id}/featured`, { dealIds: [deal.id] });
  const unused = await api.post('/cms/categories', { name: `Unused ${run} ${width}` });
  await signIn(page, url(), { hash: '#/brands' });
  await page.getByRole('button', { name: `Edit ${catalog.brand.name}` }).click();
  const renamed = `Renamed ${run} ${width}`;
  await page.getByLabel(`New name for ${catalog.brand.name}`).fill(renamed);
  await page.getByLabel('Logo URL (https)').fill('http://img.example.com/logo.png');
  await page.getByRole('button', { name: 'Save brand' }).click();
  assert.match(await page.locator(`#edit-${catalog.brand.id}-logoUrl-error`).innerText(), /https:\/\//);
  await page.getByLabel('Logo URL (https)').fill('');
  await page.getByRole('button', { name: 'Save brand' }).click();
  await page.getByRole('status').filter({ hasText: `Renamed to “${renamed}”` }).waitFor();
  await look(page, width, 'brand-renamed');
  await eventually(async () => (await api.get(`/deals/${deal.id}`)).brandName === renamed, 'the deal shows the new name');
  await eventually(async () => (await api.get(`/categories/${catalog.category.id}`)).featured[0]?.brandName === renamed,
    'the featured copy shows it');
  await eventually(async () => (await api.get(`/brands/${catalog.brand.id}/deals`)).deals[0]?.brandName === renamed, 'the brand\'s list');

  await page.getByRole('button', { name: 'Delete brand' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete brand' }).click();
  await page.getByText('cannot be deleted: deals name it').waitFor();
  await page.getByRole('button', { name: `Edit ${unused.name}` }).click();
  await page.getByRole('button', { name: 'Delete category' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete category' }).click();
  await eventually(async () => (await fetch(`${url()}/categories/${unused.id}`)).status === 404, 'the unused category is gone');
});
