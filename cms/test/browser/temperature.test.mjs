// A deal's temperature (hot votes minus cold), as users' votes make it: exact on the deal's own page at once,
// and in the latest deals list once the stream has carried it there.
import { apiAt, assert, eventually, look, run, setUp, signIn } from './support.mjs';

const { url, journey } = setUp();

/** Users' votes through the public API, each with a token of its own. */
async function vote(base, dealId, votes) {
  for (const [username, value] of votes) {
    const { accessToken } = await (await fetch(`${base}/editor/local-sign-in`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, editor: false }),
    })).json();
    const res = await fetch(`${base}/deals/${dealId}/votes`, {
      method: 'POST', headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ vote: value }),
    });
    assert.equal(res.status, 200, await res.text());
  }
}

journey('a deal shows its temperature on its page and in the list', async (page, width) => {
  const api = apiAt(url());
  const catalog = await api.catalog(`Temperature ${width}`);
  const warm = await api.deal(catalog, { title: `Air fryer ${run} ${width}` });
  const cold = await api.deal(catalog, { title: `Toaster ${run} ${width}` });
  await vote(url(), warm.id, [[`ann${run}`, 'hot'], [`bob${run}`, 'hot'], [`cy${run}`, 'hot'], [`dee${run}`, 'cold']]);
  await vote(url(), cold.id, [[`ann${run}`, 'cold']]);

  // The deal's own page reads it exactly, the votes of a moment ago included.
  await signIn(page, url(), { hash: `#/deals/${warm.id}` });
  const detail = page.getByTestId('deal-detail');
  await detail.getByRole('heading', { name: warm.title }).waitFor();
  assert.equal(await detail.getByTestId('temperature').innerText(), 'Temperature 2°');
  await look(page, width, 'deal-temperature');

  // The latest list carries it within the stream delay; below zero it reads with a minus sign.
  await page.goto(`${url()}/editor/#/deals/${cold.id}`);
  await page.getByTestId('deal-detail').getByRole('heading', { name: cold.title }).waitFor();
  assert.equal(await page.getByTestId('deal-detail').getByTestId('temperature').innerText(), 'Temperature \u22121°');
  const inList = (title) => page.getByRole('list', { name: 'Latest deals' }).getByRole('link', { name: new RegExp(title) })
    .getByTestId('temperature');
  await eventually(async () => {
    await page.goto(`${url()}/editor/#/deals`);
    await page.reload();
    await page.getByRole('list', { name: 'Latest deals' }).waitFor();
    return (await inList(warm.title).innerText()).endsWith('2°') && (await inList(cold.title).innerText()).endsWith('\u22121°');
  }, 'the list shows both temperatures', 20);
  await look(page, width, 'deal-list-temperature');
});
