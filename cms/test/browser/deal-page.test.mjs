// One deal at its own address: opened from the list (on a phone, it takes the screen), kept by a reload,
// left by Back; corrected with a comma price; each action's message replaced by the next; expired and
// taken down (and still shown to editors so, with its history); its image, when it fails, a placeholder; while it
// loads, nothing claims "Saved".
import { apiAt, assert, dealIdIn, eventually, look, onScreen, run, setUp, signIn } from './support.mjs';

const { url, journey } = setUp();

journey('open a deal at its address, reload, go Back', async (page, width) => {
  const api = apiAt(url());
  const deal = await api.deal(await api.catalog(`Address ${width}`), {
    title: `Espresso machine ${run} ${width}`, price: 199, imageUrl: `https://images.invalid/${run}.jpg`,
  });
  await signIn(page, url());
  const link = page.getByRole('link', { name: new RegExp(deal.title) });
  await link.click();
  const heading = page.getByRole('heading', { name: deal.title });
  await heading.waitFor();
  assert.equal(dealIdIn(page), deal.id);
  await onScreen(heading, 'the opened deal');
  // The image URL does not load: a placeholder, not a broken image.
  await page.getByTestId('deal-detail').locator('.img-placeholder').waitFor();
  if (width === 'phone') assert.equal(await page.getByRole('heading', { name: 'Latest deals' }).isVisible(), false, 'on a phone the deal takes the screen');
  await look(page, width, 'deal');

  await page.reload();
  await heading.waitFor();
  assert.equal(dealIdIn(page), deal.id);

  await page.goBack();
  await page.getByRole('heading', { name: 'Latest deals' }).waitFor();
  assert.ok(page.url().endsWith('#/deals'), page.url());
  if (width === 'phone') assert.equal(await heading.isVisible(), false);
  await page.goForward();
  await heading.waitFor();
});

journey('correct a price typed with a comma; the next submit clears the last message', async (page, width) => {
  const api = apiAt(url());
  const catalog = await api.catalog(`Correct ${width}`);
  const deal = await api.deal(catalog, { title: `Headphones ${run} ${width}`, price: 59.99 });
  // Featured, so the correction is seen to follow into the featured copy.
  await api.put(`/cms/categories/${catalog.category.id}/featured`, { dealIds: [deal.id] });

  // While the deal loads, the page says so, and claims nothing.
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(`**/deals/${deal.id}`, async (route) => { await held; await route.continue(); });
  await signIn(page, url(), { hash: `#/deals/${deal.id}` });
  await page.getByText('Loading the deal…').waitFor();
  // The word, not any text holding it: the brand filter lists every brand on the stack, "Unsaved …" ones included.
  assert.doesNotMatch(await page.locator('main').innerText(), /\bsaved\b/i);
  release();
  await page.getByRole('heading', { name: deal.title }).waitFor();
  await page.unroute(`**/deals/${deal.id}`);

  await page.locator('#price').fill('39,5');
  assert.equal(await page.getByTestId('price-understood').innerText(), '$39.50');
  await page.getByRole('button', { name: 'Save correction' }).click();
  await page.getByText('Saved: now $39.50.').waitFor();
  assert.equal((await api.get(`/deals/${deal.id}`)).price, 39.5);
  await eventually(async () => (await api.get(`/categories/${catalog.category.id}`)).featured[0]?.price === 39.5, 'the featured copy follows');

  // The next submit: its own message, and the last one gone.
  await page.locator('#link').fill('not a link');
  await page.getByRole('button', { name: 'Save correction' }).click();
  await page.locator('#link-error').waitFor();
  assert.equal(await page.getByText('Saved: now').count(), 0, 'the last save\'s message is gone');
  await look(page, width, 'deal-correction-error');
  await page.getByRole('button', { name: 'Discard changes' }).click();
  assert.equal(await page.locator('#link').inputValue(), deal.link);
  assert.equal(await page.locator('#link-error').count(), 0);
});

journey('expire a deal, then take it down after a confirmation', async (page, width) => {
  const api = apiAt(url());
  const catalog = await api.catalog(`Expire ${width}`);
  const deal = await api.deal(catalog, { title: `Blender ${run} ${width}` });
  await api.put(`/cms/categories/${catalog.category.id}/featured`, { dealIds: [deal.id] });
  await signIn(page, url(), { hash: `#/deals/${deal.id}` });

  // An expiry must come after the deal's creation, to the second.
  const wait = Date.parse(deal.createdAt) + 1000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  await page.getByRole('button', { name: 'Expire now' }).click();
  await page.getByTestId('expiry-state').getByText('Expired').waitFor();
  assert.equal((await api.get(`/deals/${deal.id}`)).expired, true);
  await eventually(async () => (await api.get(`/categories/${catalog.category.id}`)).featured.length === 0, 'it leaves the featured list');
  await look(page, width, 'deal-expired');

  await page.getByRole('button', { name: 'Take down…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take this deal down?' });
  await dialog.getByText('cannot be undone').waitFor();
  await look(page, width, 'deal-takedown-confirm');
  await dialog.getByRole('button', { name: 'Take it down' }).click();
  await page.getByText('Taken down:').waitFor();
  assert.equal((await fetch(`${url()}/deals/${deal.id}`)).status, 404);

  // Its address still shows it to editors, taken down, with its history: who took it down, and when.
  await page.reload();
  await page.getByText('Taken down:').waitFor();
  await page.getByTestId('history-event').first().getByText('took it down').waitFor();
  await look(page, width, 'deal-taken-down');
});
