// The hot-deal blast: a confirmation, then the progress at the blast's own address until done; a reload
// keeps it; blasting the same deal again sends nothing and says so.
import { apiAt, assert, look, run, setUp, signIn } from './support.mjs';

const { url, journey } = setUp();

journey('blast a deal and watch the progress reach done', async (page, width) => {
  const api = apiAt(url());
  const deal = await api.deal(await api.catalog(`Blast ${width}`), { title: `Half-price drill ${run} ${width}` });
  await signIn(page, url(), { hash: '#/blast' });
  await page.locator('#dealId').selectOption(deal.id);
  await page.getByLabel('Subject (optional)').fill('Half price, today only');
  await page.getByRole('button', { name: 'Blast this deal…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to every user?' });
  await dialog.getByText(deal.title).waitFor();
  await look(page, width, 'blast-confirm');
  await dialog.getByRole('button', { name: 'Send to every user' }).click();
  await page.waitForURL(/#\/blast\/[0-9A-Za-z]+$/);
  const state = page.getByTestId('blast-state');
  await state.getByText(/^Done: \d+ users reached\.$/).waitFor({ timeout: 30_000 });
  assert.equal(await page.locator('#blast-progress').getAttribute('value'), '100');
  await look(page, width, 'blast');

  // The blast has an address: a reload shows it again.
  await page.reload();
  await state.getByText(/^Done:/).waitFor();

  // A second blast of the same deal answers the first one; nothing new is sent.
  const first = page.url();
  await page.locator('#blast-dealId').fill(deal.id);
  await page.getByRole('button', { name: 'Blast this deal…' }).click();
  await dialog.getByRole('button', { name: 'Send to every user' }).click();
  await page.getByText('This deal was already blasted.').waitFor();
  assert.equal(page.url(), first);
});

journey('a refused blast\'s message leaves once another deal is chosen', async (page, width) => {
  const api = apiAt(url());
  const deal = await api.deal(await api.catalog(`Refused ${width}`), { title: `Cordless kettle ${run} ${width}` });
  await signIn(page, url(), { hash: '#/blast' });
  // A well-formed id of no deal: the API refuses it (404), and the form says so.
  await page.locator('#blast-dealId').fill('2AAAAAAAAAAAAAAAAAAAAAAAAAA');
  await page.getByRole('button', { name: 'Blast this deal…' }).click();
  await page.getByRole('dialog', { name: 'Send to every user?' }).getByRole('button', { name: 'Send to every user' }).click();
  const refusal = page.locator('form').getByRole('alert');
  await refusal.waitFor();
  assert.ok((await refusal.innerText()).length > 0);
  // Another deal chosen: the refusal was about the one before it.
  await page.locator('#dealId').selectOption(deal.id);
  await refusal.waitFor({ state: 'detached' });
  assert.equal(await page.getByRole('alert').count(), 0);
  await look(page, width, 'blast-after-refusal');
});
