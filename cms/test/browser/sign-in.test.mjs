// Signing in and out: a shared link to a deal lands on that deal after sign-in; an expired session
// returns to sign-in and keeps what was typed; an account outside the editors group gets a plain word.
import { apiAt, assert, dealIdIn, look, onScreen, run, setUp, signIn } from './support.mjs';

const { url, journey } = setUp();

journey('a shared link to a deal opens that deal after signing in', async (page, width) => {
  const api = apiAt(url());
  const deal = await api.deal(await api.catalog(`Shared ${width}`), { title: `Shared link ${run} ${width}` });
  await page.goto(`${url()}/editor/#/deals/${deal.id}`);
  await page.getByText('Local sign-in.').waitFor();
  await look(page, width, 'sign-in');
  await signIn(page);
  await page.getByRole('heading', { name: deal.title }).waitFor();
  assert.equal(dealIdIn(page), deal.id);
  await onScreen(page.getByRole('heading', { name: deal.title }), 'the deal');
});

/** The tab's token expires (as a real one does after an hour): the API answers 401 from then on. */
async function expire(page) {
  await page.evaluate(() => {
    const [h, p, s] = sessionStorage.getItem('btd.token').split('.');
    const claims = JSON.parse(atob(p.replace(/-/g, '+').replace(/_/g, '/')));
    claims.exp = Math.floor(Date.now() / 1000) + 2; // still good in the tab, refused once it passes
    sessionStorage.setItem('btd.token', [h, btoa(JSON.stringify(claims)).replace(/=+$/, ''), s].join('.'));
  });
  await page.waitForFunction(() => Date.now() / 1000 > JSON.parse(atob(sessionStorage.getItem('btd.token').split('.')[1])).exp + 1, null, { timeout: 6000 });
}

/**
 * An editor types a new deal (every field the form checks before sending), the session ends, and creating the deal
 * returns to sign-in.
 */
async function typedThenEnded(page, title) {
  const { brand, category } = await apiAt(url()).catalog(`Ended ${Math.random().toString(36).slice(2, 6)}`);
  await signIn(page, url(), { hash: '#/deals/new' });
  await page.locator('#new-title').fill(title);
  await page.locator('#new-link').fill(`https://shop.example.com/ended-${run}-${Math.random().toString(36).slice(2)}`);
  await page.locator('#new-brandId').selectOption({ label: brand.name });
  await page.locator('#new-categoryId').selectOption({ label: category.name });
  await expire(page);
  await page.locator('#new-price').fill('5');
  await page.getByRole('button', { name: 'Create deal' }).click();
  await page.getByText('Your session has ended.').waitFor();
}

journey('an expired session returns to sign-in and keeps what was typed', async (page) => {
  await typedThenEnded(page, 'Typed before the session ended');
  await signIn(page);
  assert.equal(await page.locator('#new-title').inputValue(), 'Typed before the session ended');
  assert.ok(page.url().endsWith('#/deals/new'), 'back where the editor was');
});

journey('another editor signing in on the tab after a session ends starts without its drafts', async (page) => {
  await typedThenEnded(page, 'Typed by erin');
  await signIn(page, undefined, { username: 'fay' });
  await page.locator('#new-title').waitFor();
  assert.equal(await page.locator('#new-title').inputValue(), '', 'erin\'s draft is not offered to fay');
  assert.equal(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('btd.draft.')).length), 0);
}, { widths: ['desktop'] });

journey('a signed-in user who is not an editor gets a plain explanation, and signs out', async (page, width) => {
  await signIn(page, url(), { username: 'ann', editor: false });
  await page.getByRole('heading', { name: 'Not an editor' }).waitFor();
  await look(page, width, 'not-an-editor');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByText('Local sign-in.').waitFor();
});
