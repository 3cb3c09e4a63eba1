// Searching deal titles as the API does (whole words, any case, every word in the title): in the deals list,
// in a featured list's picker and in the blast's deal finder. The matched words are marked; what cannot be
// searched for is said, not sent.
import { apiAt, assert, eventually, look, run, setUp, signIn } from './support.mjs';

const { url, journey } = setUp();

let data;
/** Deals of this run: two kettles, a toaster, and a kettle lid (kettles, but not "steel"). Made once, for both widths. */
async function seed(api) {
  if (data) return data;
  const catalog = await api.catalog('Search');
  // Whole-second createdAt, a minute apart in the order made: deals made in one second would sort by their ids.
  const start = Math.floor(Date.now() / 1000) * 1000 - 10 * 60_000;
  let made = 0;
  const make = (title) => api.deal(catalog, { title, createdAt: new Date(start + 60_000 * made++).toISOString().replace('.000Z', 'Z') });
  const steel = await make(`Steel KETTLE ${run}, 1.7 l`);
  const glass = await make(`Steel kettle (${run}) glass window`);
  await make(`Toaster ${run}`);
  const lid = await make(`Kettle lid ${run}`);
  // The word index follows new deals through the stream: wait until it has them all.
  await eventually(async () => (await api.get(`/search?q=${run}`)).deals.length === 4, 'the new deals are searchable');
  data = { steel, glass, lid };
  return data;
}

const titles = (page, list) => page.getByRole('list', { name: list }).locator('.deal-title').allInnerTexts();

journey('search the deals list by words, see them marked, and open a match', async (page, width) => {
  const { steel, glass, lid } = await seed(apiAt(url()));
  await signIn(page, url());
  const box = page.getByRole('searchbox', { name: 'Search deal titles' });
  // Nothing searchable: said next to the box, nothing sent.
  await box.fill('a - b');
  await page.getByRole('button', { name: 'Search', exact: true }).first().click();
  await page.getByText('Type a word of 2 to 30 letters or digits to search for.').waitFor();

  await box.fill(`kettle, STEEL ${run} a`);
  await page.getByRole('button', { name: 'Search', exact: true }).first().click();
  await page.getByRole('status').filter({ hasText: 'Titles holding' }).getByText('not searched for: a').waitFor();
  await page.getByRole('list', { name: 'Search results' }).waitFor();
  assert.deepEqual(await titles(page, 'Search results'), [glass.title, steel.title], 'newest first, the lid left out');
  const marks = await page.getByRole('list', { name: 'Search results' }).locator('mark').allInnerTexts();
  assert.deepEqual(marks.slice(0, 3).map((m) => m.toLowerCase()), ['steel', 'kettle', run]);
  await look(page, width, 'deal-search');

  await page.getByRole('list', { name: 'Search results' }).getByRole('link').first().click();
  await page.getByRole('heading', { name: glass.title }).waitFor();
  // Back from the deal, the search is still shown.
  if (width === 'phone') await page.getByRole('link', { name: '← All deals' }).click();
  await page.getByRole('list', { name: 'Search results' }).waitFor();

  await box.fill(`kettle ${run}`);
  await page.getByRole('button', { name: 'Search', exact: true }).first().click();
  await eventually(async () => (await titles(page, 'Search results')).length === 3, 'three kettles');
  assert.ok((await titles(page, 'Search results')).includes(lid.title));
  await page.getByRole('button', { name: 'Clear search' }).click();
  await page.getByRole('list', { name: 'Latest deals' }).waitFor();
  await box.fill(`zzz${run}`);
  await page.getByRole('button', { name: 'Search', exact: true }).first().click();
  await page.getByText('No deal title holds every one of these words.').waitFor();
});

journey('find deals for a featured list by their words', async (page, width) => {
  const { steel, glass } = await seed(apiAt(url()));
  await signIn(page, url(), { hash: '#/featured/editors-choice' });
  // The latest deals first, as an editor sees them: the search's matches replace them, never shown under their name.
  await page.getByRole('list', { name: 'Latest deals to add' }).waitFor();
  await page.getByRole('searchbox', { name: 'Find deals by title' }).fill(`steel ${run}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('list', { name: 'Matching deals to add' }).waitFor();
  assert.deepEqual(await titles(page, 'Matching deals to add'), [glass.title, steel.title]);
  await page.getByRole('button', { name: `Add “${steel.title}”` }).click();
  await eventually(async () => (await page.locator('ol.featured > li').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))))
    .some((l) => l?.endsWith(steel.title)), 'the deal is in the list');
  await look(page, width, 'featured-search');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await page.getByRole('list', { name: 'Latest deals to add' }).waitFor();
});

journey('find the deal to blast by its words', async (page, width) => {
  const { lid } = await seed(apiAt(url()));
  await signIn(page, url(), { hash: '#/blast' });
  await page.getByRole('searchbox', { name: 'Find a deal by title' }).fill(`LID ${run}`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Choose “${lid.title}”` }).click();
  assert.equal(await page.locator('#dealId').inputValue(), lid.id);
  await look(page, width, 'blast-search');
  await page.getByRole('button', { name: 'Blast this deal…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to every user?' });
  await dialog.getByText(lid.title).waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
