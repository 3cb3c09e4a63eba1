// Featured lists: while a list loads nothing claims "Nothing featured" or "Saved"; deals are added,
// reordered by keyboard, by drag (desktop) or by buttons, saved, and seen in the public API in that order;
// an image that fails is a placeholder in the preview; an expired deal leaves the list and cannot be added.
import { apiAt, assert, eventually, look, run, setUp, signIn } from './support.mjs';

const { url, journey } = setUp();
const order = (page) => page.locator('ol.featured > li').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

journey('feature deals in a category, reorder, save, and see them in the app\'s order', async (page, width) => {
  const api = apiAt(url());
  const catalog = await api.catalog(`Featured ${width}`);
  const radio = await api.deal(catalog, { title: `Radio ${run} ${width}`, imageUrl: `https://images.invalid/${run}.png` });
  const lamp = await api.deal(catalog, { title: `Lamp ${run} ${width}` });
  const id = catalog.category.id;
  const publicOrder = async () => (await api.get(`/categories/${id}`)).featured.map((d) => d.title);

  // The saved list is slow to come: the page says it is loading, and claims nothing.
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(`**/categories/${id}`, async (route) => { await held; await route.continue(); });
  await signIn(page, url(), { hash: `#/featured/category/${id}` });
  await page.getByText('Loading the list…').waitFor();
  const main = await page.locator('main').innerText();
  assert.doesNotMatch(main, /Nothing featured|Saved/);
  assert.equal(await page.getByRole('button', { name: /^Save / }).isDisabled(), true);
  await look(page, width, 'featured-loading');
  release();
  await page.getByText('Nothing featured yet').waitFor();
  await page.unroute(`**/categories/${id}`);

  await page.getByRole('button', { name: `Add “${radio.title}”` }).click();
  await page.getByRole('button', { name: `Add “${lamp.title}”` }).click();
  assert.deepEqual(await order(page), [`1. ${radio.title}`, `2. ${lamp.title}`]);
  // The radio's image does not load: the preview shows a placeholder in its place.
  // (Images load lazily: on a phone the preview is further down, so look at it first.)
  await page.getByTestId('preview').scrollIntoViewIfNeeded();
  await page.getByTestId('preview').locator('.phone-card').first().locator('.img-placeholder').waitFor();

  // Keyboard: focus the second deal and move it up; the focus follows it.
  const items = page.locator('ol.featured > li');
  await items.nth(1).focus();
  await page.keyboard.press('Alt+ArrowUp');
  assert.deepEqual(await order(page), [`1. ${lamp.title}`, `2. ${radio.title}`]);
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), `1. ${lamp.title}`);

  await page.getByRole('button', { name: `Save ${catalog.category.name}` }).click();
  await page.getByText(`Saved ${catalog.category.name}: 2 deals.`).waitFor();
  assert.deepEqual(await page.getByTestId('preview').locator('h3').allInnerTexts(), [lamp.title, radio.title]);
  assert.deepEqual(await publicOrder(), [lamp.title, radio.title]);
  await look(page, width, 'featured');

  if (width === 'desktop') {
    // A real pointer drag: press on the second deal's grip, move over the first, release.
    const from = await items.nth(1).locator('.grip').boundingBox();
    const to = await items.nth(0).boundingBox();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 4, { steps: 8 });
    await page.mouse.up();
  } else {
    await page.getByRole('button', { name: `Move “${radio.title}” up` }).click();
  }
  assert.deepEqual(await order(page), [`1. ${radio.title}`, `2. ${lamp.title}`]);
  await page.getByRole('button', { name: `Save ${catalog.category.name}` }).click();
  await page.getByText(`Saved ${catalog.category.name}: 2 deals.`).waitFor();
  assert.deepEqual(await publicOrder(), [radio.title, lamp.title]);

  // The lamp expires: it leaves the list by itself, and cannot be added back.
  await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(lamp.createdAt) + 1000 - Date.now())));
  await api.patch(`/cms/deals/${lamp.id}`, { expiresAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z') });
  await eventually(async () => (await publicOrder()).length === 1, 'the expired deal leaves the featured list');
  await page.reload();
  const preview = page.getByTestId('preview');
  await preview.getByText(radio.title).waitFor();
  assert.deepEqual(await preview.locator('h3').allInnerTexts(), [radio.title]);
  assert.equal(await page.getByRole('button', { name: `Add “${lamp.title}”` }).isDisabled(), true);
});
