// The Reports page: the queue of reported deals, the longest waiting first, each with its counts and notes;
// dismiss, expire and take down, each taking the deal out of the queue with a word about what was done.
import { apiAt, appUser, assert, look, run, setUp, signIn } from './support.mjs';

const { url, journey } = setUp();

/** A second, so that reports sort by their moment (whole seconds) and an expiry comes after a deal's creation. */
const second = () => new Promise((r) => setTimeout(r, 1100));

/** Deals of their own, each reported by `reports` ([user, reason, note?]), a second apart, in this order. */
async function reported(width, what, deals) {
  const api = apiAt(url());
  const catalog = await api.catalog(`${what} ${width}`);
  const users = {};
  const made = [];
  for (const [title] of deals) {
    made.push(await api.deal(catalog, { title: `${title} ${run} ${width}` }));
  }
  for (let i = 0; i < deals.length; i++) {
    await second();
    for (const [who, reason, note] of deals[i][1]) {
      users[who] ??= await appUser(url(), `${who}-${what.toLowerCase()}-${width}`);
      await users[who].post(`/deals/${made[i].id}/reports`, { reason, ...(note ? { note } : {}) });
    }
  }
  return { api, deals: made, users };
}

const entryOf = (page, deal) => page.getByTestId('report').filter({ hasText: deal.title });

journey('the queue: the longest waiting first, with counts and notes; dismiss', async (page, width) => {
  const { api, deals: [tv, pills], users } = await reported(width, 'Queue', [
    ['Wrong price TV', [['ann', 'wrong-price', 'It is $40 more at checkout'], ['bob', 'expired']]],
    ['Spammy pills', [['ann', 'spam', 'Not a real shop']]],
  ]);
  await signIn(page, url(), { hash: '#/reports' });
  await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
  await entryOf(page, pills).waitFor();
  const order = await page.getByTestId('report').evaluateAll((cards) => cards.map((c) => c.innerText));
  const at = (deal) => order.findIndex((t) => t.includes(deal.title));
  assert.ok(at(tv) >= 0 && at(tv) < at(pills), 'the longest waiting first');
  assert.match(await entryOf(page, tv).innerText(), /Expired 1 · Wrong price 1/);
  await entryOf(page, tv).getByText('It is $40 more at checkout').waitFor();
  await entryOf(page, tv).getByText(users.ann.username, { exact: false }).first().waitFor();
  await look(page, width, 'reports');

  await entryOf(page, pills).getByRole('button', { name: 'Dismiss' }).click();
  await page.getByText(`Dismissed: “${pills.title}”.`).waitFor();
  assert.equal(await entryOf(page, pills).count(), 0);
  assert.ok(!(await api.get('/cms/reports?limit=100')).reports.some((r) => r.deal.id === pills.id), 'it left the queue');
  // A reload agrees, and the other deal still waits.
  await page.reload();
  await entryOf(page, tv).waitFor();
  assert.equal(await entryOf(page, pills).count(), 0);
});

journey('expire or take down a reported deal from the queue', async (page, width) => {
  const { api, deals: [soldOut, fake] } = await reported(width, 'Act', [
    ['Sold-out console', [['bob', 'expired', 'Sold out everywhere']]],
    ['Fake shop blender', [['ann', 'spam']]],
  ]);
  await signIn(page, url(), { hash: '#/reports' });
  await entryOf(page, fake).waitFor();

  await entryOf(page, soldOut).getByRole('button', { name: 'Expire now' }).click();
  await page.getByText(`Expired: “${soldOut.title}”.`).waitFor();
  assert.equal((await api.get(`/deals/${soldOut.id}`)).expired, true);
  assert.equal(await entryOf(page, soldOut).count(), 0);

  await entryOf(page, fake).getByRole('button', { name: 'Take down…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take this deal down?' });
  await dialog.getByText('cannot be undone').waitFor();
  await look(page, width, 'reports-takedown-confirm');
  await dialog.getByRole('button', { name: 'Take it down' }).click();
  await page.getByText(`Taken down: “${fake.title}”.`).waitFor();
  assert.equal((await fetch(`${url()}/deals/${fake.id}`)).status, 404);
  const queue = (await api.get('/cms/reports?limit=100')).reports.map((r) => r.deal.id);
  assert.ok(!queue.includes(soldOut.id) && !queue.includes(fake.id), 'both left the queue');
  await look(page, width, 'reports-handled');
});
