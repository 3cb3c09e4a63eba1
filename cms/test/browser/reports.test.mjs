// The Reports page: the queue of reported deals, the longest waiting first, each with its counts and notes;
// dismiss, expire and take down, each taking the deal out of the queue.
import { apiAt, appUser, assert, look, run, setUp, signIn } from './support.mjs';

const { url, journey } = setUp();

journey('the queue with counts and notes; dismiss, expire, take down', async (page, width) => {
  const api = apiAt(url());
  const catalog = await api.catalog(`Reports ${width}`);
  const title = (what) => `${what} ${run} ${width}`;
  const wrong = await api.deal(catalog, { title: title('Wrong price TV') });
  const spam = await api.deal(catalog, { title: title('Spammy pills') });
  const gone = await api.deal(catalog, { title: title('Sold-out console') });
  const ann = await appUser(url(), `ann-r-${width}`);
  const bob = await appUser(url(), `bob-r-${width}`);
  // First reported a second apart (the queue's order is by the second), which also puts an expiry after each
  // deal's creation.
  const second = () => new Promise((r) => setTimeout(r, 1100));
  await second();
  await ann.post(`/deals/${wrong.id}/reports`, { reason: 'wrong-price', note: 'It is $40 more at checkout' });
  await bob.post(`/deals/${wrong.id}/reports`, { reason: 'expired' });
  await second();
  await ann.post(`/deals/${spam.id}/reports`, { reason: 'spam', note: 'Not a real shop' });
  await second();
  await bob.post(`/deals/${gone.id}/reports`, { reason: 'expired', note: 'Sold out everywhere' });

  await signIn(page, url(), { hash: '#/reports' });
  await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
  const entry = (deal) => page.getByTestId('report').filter({ hasText: deal.title });
  await entry(gone).waitFor();
  // Ours, in the order they were first reported.
  const order = await page.getByTestId('report').evaluateAll((cards) => cards.map((c) => c.innerText));
  const at = (deal) => order.findIndex((t) => t.includes(deal.title));
  assert.ok(at(wrong) < at(spam) && at(spam) < at(gone), 'the longest waiting first');
  assert.match(await entry(wrong).innerText(), /Expired 1 · Wrong price 1/);
  await entry(wrong).getByText('It is $40 more at checkout').waitFor();
  await entry(wrong).getByText(ann.username, { exact: false }).first().waitFor();
  await look(page, width, 'reports');

  await entry(spam).getByRole('button', { name: 'Dismiss' }).click();
  await page.getByText(`Dismissed: “${spam.title}”.`).waitFor();
  assert.equal(await entry(spam).count(), 0);
  await entry(wrong).getByRole('button', { name: 'Expire now' }).click();
  await page.getByText(`Expired: “${wrong.title}”.`).waitFor();
  assert.equal((await api.get(`/deals/${wrong.id}`)).expired, true);

  await entry(gone).getByRole('button', { name: 'Take down…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take this deal down?' });
  await dialog.getByText('cannot be undone').waitFor();
  await look(page, width, 'reports-takedown-confirm');
  await dialog.getByRole('button', { name: 'Take it down' }).click();
  await page.getByText(`Taken down: “${gone.title}”.`).waitFor();
  assert.equal((await fetch(`${url()}/deals/${gone.id}`)).status, 404);

  const queue = (await api.get('/cms/reports?limit=100')).reports.map((r) => r.deal.id);
  for (const deal of [wrong, spam, gone]) assert.ok(!queue.includes(deal.id), `${deal.title} left the queue`);
  await look(page, width, 'reports-handled');
  // A reload agrees: none of them waits any more.
  await page.reload();
  await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
  await page.locator('.report-queue, p:has-text("No open reports")').first().waitFor();
  for (const deal of [wrong, spam, gone]) assert.equal(await entry(deal).count(), 0);
});
