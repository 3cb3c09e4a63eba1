// Brands and categories: the id shown before saving, a duplicate's 409 in words, a message that belongs
// to its own submit, and a logo that fails to load shown as a placeholder.
import { assert, look, run, setUp, signIn } from './support.mjs';

const { url, journey } = setUp();

journey('create a brand and a category, and see a duplicate explained', async (page, width) => {
  const brand = `Test Brand ${run} ${width}`;
  const category = `Test Gadgets ${run} ${width}`;
  const brandId = brand.toLowerCase().replace(/ /g, '-');
  await signIn(page, url(), { hash: '#/brands' });
  await page.locator('#brand-name').fill(brand);
  await page.getByText(`Its id will be “${brandId}”.`).waitFor();
  // A logo URL that will not load: the list shows a placeholder, never a broken image.
  await page.locator('#brand-logoUrl').fill(`https://logos.invalid/${run}.png`);
  await page.getByRole('button', { name: 'Create brand' }).click();
  await page.getByText(`Created “${brand}” (${brandId}).`).waitFor();
  const row = page.getByRole('row').filter({ hasText: brand });
  await row.waitFor();
  // The logo is loading="lazy": below the fold (a long list of brands at phone width) it is never fetched, so it
  // never fails. Brought into view, as a reader scrolling to it would.
  await row.scrollIntoViewIfNeeded();
  await row.locator('.img-placeholder').waitFor();

  await page.locator('#category-name').fill(category);
  await page.getByRole('button', { name: 'Create category' }).click();
  await page.getByRole('rowheader', { name: new RegExp(category) }).waitFor();

  // The same name in capitals makes the same id: a 409, in words. The earlier "Created" goes with it.
  await page.locator('#brand-name').fill(brand.toUpperCase());
  await page.getByRole('button', { name: 'Create brand' }).click();
  await page.getByText(`A brand with the id “${brandId}” already exists.`).waitFor();
  assert.equal(await page.getByText(`Created “${brand}”`).count(), 0, 'the last action\'s message is gone');

  // A name without letters or digits has no id.
  await page.locator('#brand-name').fill('& !');
  await page.getByText('The name needs a letter or a digit.').waitFor();
  await page.locator('#brand-name').fill('');
  await look(page, width, 'brands');
});
