// Unsaved edits are never thrown away without asking: following a link, going Back, switching featured
// lists, signing out or reloading. "Stay" keeps them; "Discard changes" throws them away and goes on.
import { apiAt, assert, dealIdIn, look, run, setUp, signIn } from './support.mjs';

const { url, journey } = setUp();

const leaveDialog = (page) => page.getByRole('dialog', { name: 'Leave without saving?' });

journey('a correction is not lost by a link, Back or a reload', async (page, width) => {
  const api = apiAt(url());
  const catalog = await api.catalog(`Unsaved ${width}`);
  const a = await api.deal(catalog, { title: `Kettle ${run} ${width}`, price: 30 });
  const b = await api.deal(catalog, { title: `Toaster ${run} ${width}`, price: 40 });
  await signIn(page, url(), { hash: '#/deals' });
  // Arrive from the list, so Back has somewhere to go.
  await page.getByRole('link', { name: new RegExp(a.title) }).click();
  await page.getByRole('heading', { name: a.title }).waitFor();
  await page.locator('#price').fill('27,50');
  await page.getByTestId('unsaved').waitFor();

  // A link elsewhere: on a desktop the other deal in the list, on a phone the way back to the list.
  const away = width === 'phone' ? page.getByRole('link', { name: '← All deals' }) : page.getByRole('link', { name: new RegExp(b.title) });
  await away.click();
  await leaveDialog(page).getByText(`Your correction of “${a.title}”`).waitFor();
  await look(page, width, 'unsaved-leave-dialog');
  await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
  assert.equal(dealIdIn(page), a.id);
  assert.equal(await page.locator('#price').inputValue(), '27,50');

  // Back: the address returns to the deal while the editor decides; staying keeps the edit.
  await page.goBack();
  await leaveDialog(page).waitFor();
  await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
  assert.equal(dealIdIn(page), a.id);
  assert.equal(await page.locator('#price').inputValue(), '27,50');

  // A reload: the browser asks first, and the edit is still there afterwards (a draft in this tab).
  const asked = new Promise((resolve) => page.once('dialog', async (d) => { resolve(d.type()); await d.accept(); }));
  await page.reload();
  assert.equal(await asked, 'beforeunload');
  await page.getByRole('heading', { name: a.title }).waitFor();
  assert.equal(await page.locator('#price').inputValue(), '27,50');
  await page.getByTestId('unsaved').waitFor();

  // Leaving for real: "Discard changes" throws the edit away, and the deal reads as saved again.
  await away.click();
  await leaveDialog(page).getByRole('button', { name: 'Discard changes' }).click();
  await page.waitForURL(width === 'phone' ? /#\/deals$/ : new RegExp(`#/deals/${b.id}$`));
  await page.goto(`${url()}/editor/#/deals/${a.id}`);
  await page.getByRole('heading', { name: a.title }).waitFor();
  assert.equal(await page.locator('#price').inputValue(), '30');
  assert.equal(await page.getByTestId('unsaved').count(), 0);
  assert.equal((await api.get(`/deals/${a.id}`)).price, 30, 'nothing was saved');
});

journey('a featured list is not lost by switching lists, the navigation or signing out', async (page, width) => {
  const api = apiAt(url());
  const first = await api.catalog(`Unsaved featured ${width}`);
  const second = await api.catalog(`Other featured ${width}`);
  const deal = await api.deal(first, { title: `Waffle iron ${run} ${width}` });
  await signIn(page, url(), { hash: `#/featured/category/${first.category.id}` });
  await page.getByRole('heading', { name: first.category.name }).waitFor();
  await page.getByRole('button', { name: `Add “${deal.title}”` }).click();
  await page.getByTestId('unsaved').waitFor();

  // Switching lists asks; staying keeps the list and the choice in the picker.
  const picker = page.locator('#target');
  await picker.selectOption({ label: second.category.name });
  await leaveDialog(page).getByText(`Your changes to the featured list “${first.category.name}”`).waitFor();
  await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
  assert.equal(await picker.inputValue(), `category:${first.category.id}`);
  assert.deepEqual(await page.locator('ol.featured > li').evaluateAll((l) => l.map((e) => e.getAttribute('aria-label'))), [`1. ${deal.title}`]);

  // So do the navigation and signing out.
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Deals' }).click();
  await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
  assert.ok(page.url().endsWith(`#/featured/category/${first.category.id}`));
  await page.getByRole('button', { name: 'Sign out' }).click();
  await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();

  // Discarding goes on to the other list, and the first is as it was saved.
  await picker.selectOption({ label: second.category.name });
  await leaveDialog(page).getByRole('button', { name: 'Discard changes' }).click();
  await page.getByRole('heading', { name: second.category.name }).waitFor();
  assert.ok(page.url().endsWith(`#/featured/category/${second.category.id}`));
  assert.equal(await picker.inputValue(), `category:${second.category.id}`);
  await page.goBack();
  await page.getByRole('heading', { name: first.category.name }).waitFor();
  await page.getByText('Nothing featured yet').waitFor();
  assert.equal(await page.getByTestId('unsaved').count(), 0);
});
