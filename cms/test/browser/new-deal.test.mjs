// Creating a deal: the price field reads "12,99" as 12.99 and refuses what it cannot read without
// guessing (sending nothing); the form checks every field before sending; a network failure keeps the form;
// the new deal opens at its own address.
import { apiAt, assert, dealIdIn, look, onScreen, run, setUp, signIn } from './support.mjs';

const { url, journey } = setUp();

journey('create a deal with a comma price', async (page, width) => {
  const api = apiAt(url());
  const { brand, category } = await api.catalog(`New deal ${width}`);
  const title = `Noise-cancelling headphones ${run} ${width}`;
  let creates = 0;
  page.on('request', (r) => { if (r.method() === 'POST' && r.url().endsWith('/cms/deals')) creates++; });

  await signIn(page, url(), { hash: width === 'phone' ? '#/deals' : '#/deals/new' });
  if (width === 'phone') {
    // On a phone the list comes first; "New deal" opens the form on its own.
    await page.getByRole('link', { name: 'New deal', exact: true }).click();
    await onScreen(page.getByRole('heading', { name: 'New deal' }), 'the new-deal form');
  }
  await page.locator('#new-title').fill(title);
  await page.locator('#new-link').fill('ftp://shop.example.com/headphones');
  await page.locator('#new-brandId').selectOption({ label: brand.name });
  await page.locator('#new-categoryId').selectOption({ label: category.name });

  // Amounts it cannot read without guessing: refused as typed, and not sent.
  const price = page.locator('#new-price');
  for (const [typed, reason] of [
    ['1,299', /At most 2 decimal places.*leave it out \(1299\)/],
    ['12.999', /At most 2 decimal places/],
    ['1.299,00', /Thousands separators/],
    ['12a', /Only digits/],
  ]) {
    await price.fill(typed);
    assert.match(await page.locator('#new-price-error').innerText(), reason, typed);
    assert.equal(await price.getAttribute('aria-invalid'), 'true');
    await page.getByRole('button', { name: 'Create deal' }).click();
    assert.match(await page.locator('#new-price-error').innerText(), reason, `${typed} after submit`);
  }
  assert.equal(creates, 0, 'nothing was sent for a price the field refused');
  await look(page, width, 'new-deal-price-refused');

  // A comma before the cents: understood as 12.99, and shown so.
  await price.fill('12,99');
  assert.equal(await page.getByTestId('new-price-understood').innerText(), '$12.99');
  assert.equal(await price.getAttribute('aria-invalid'), null);

  // The form checks the link itself, in plain words beside it, and sends nothing.
  await page.getByRole('button', { name: 'Create deal' }).click();
  await page.locator('#new-link-error').waitFor();
  assert.match(await page.locator('#new-link-error').innerText(), /web address/i);
  assert.equal(creates, 0);
  await look(page, width, 'new-deal-link-error');

  // A network failure keeps the form; the next submit's message replaces the last one.
  // A link of this run and width: a live deal already holding a link refuses a second one (duplicate links).
  await page.locator('#new-link').fill(`https://shop.example.com/headphones-${run}-${width}`);
  await page.route('**/cms/deals', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Create deal' }).click();
  await page.getByText('The API could not be reached.').waitFor();
  assert.equal(await page.locator('#new-link-error').count(), 0, 'the earlier 400 is gone');
  assert.equal(await page.locator('#new-title').inputValue(), title);
  await page.unroute('**/cms/deals');

  await page.getByRole('button', { name: 'Create deal' }).click();
  await page.getByRole('heading', { name: title }).waitFor();
  await page.getByText(`Created “${title}”.`).waitFor();
  assert.equal(await page.getByText('The API could not be reached.').count(), 0);
  const id = dealIdIn(page);
  assert.ok(id, `the new deal has its own address: ${page.url()}`);
  await onScreen(page.getByRole('heading', { name: title }), 'the new deal');
  assert.equal((await api.get(`/deals/${id}`)).price, 12.99);
  await look(page, width, 'new-deal-created');

  // The form is empty again for the next deal.
  await page.goto(`${url()}/editor/#/deals/new`);
  assert.equal(await page.locator('#new-title').inputValue(), '');
});
