// The comments under a deal: the thread as users read it (replies under their parent, a page at a time),
// and an editor deleting a comment after a confirmation, which leaves it in place as "deleted".
import { apiAt, appUser, assert, look, run, setUp, signIn } from './support.mjs';

const { url, journey } = setUp();

journey('read a deal\'s thread page by page and delete a comment', async (page, width) => {
  const api = apiAt(url());
  const deal = await api.deal(await api.catalog(`Comments ${width}`), { title: `Air fryer ${run} ${width}` });
  const ann = await appUser(url(), `ann-${width}`);
  const bob = await appUser(url(), `bob-${width}`);
  const thread = `/deals/${deal.id}/comments`;
  const first = await ann.post(thread, { body: 'Still works with code SAVE10.' });
  const reply = await bob.post(thread, { body: 'Confirmed, thanks!', replyTo: first.id });
  const later = [];
  for (let i = 0; i < 26; i++) later.push(await (i % 2 ? ann : bob).post(thread, { body: `Comment number ${i}` }));

  await signIn(page, url(), { hash: `#/deals/${deal.id}` });
  await page.getByRole('heading', { name: 'Comments' }).waitFor();
  const comments = page.getByTestId('comment');
  await comments.first().getByText('Still works with code SAVE10.').waitFor();
  // The reply comes right after its parent, marked as one.
  assert.equal(await comments.nth(1).getAttribute('class'), 'reply');
  assert.match(await comments.nth(1).innerText(), /Confirmed, thanks!/);
  assert.equal(await comments.count(), 25, 'a page at the contract\'s default size');
  await look(page, width, 'deal-comments');
  await page.getByRole('button', { name: 'More comments' }).click();
  await page.getByText('Comment number 25').waitFor();
  assert.equal(await comments.count(), 28, 'every comment once');
  assert.equal(await page.getByRole('button', { name: 'More comments' }).count(), 0);

  // Delete the first comment: a question, then it stays in its place as deleted, its reply under it.
  await comments.first().getByRole('button', { name: /^Delete the comment by/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this comment?' });
  await dialog.getByText('Still works with code SAVE10.').waitFor();
  await look(page, width, 'deal-comment-delete-confirm');
  await dialog.getByRole('button', { name: 'Delete it' }).click();
  await page.getByText(`Deleted the comment by ${ann.username}.`).waitFor();
  await comments.first().getByText('Deleted', { exact: true }).waitFor();
  assert.match(await comments.nth(1).innerText(), /Confirmed, thanks!/);
  const read = await api.get(thread);
  assert.equal(read.comments[0].id, first.id);
  assert.equal(read.comments[0].deleted, true);
  assert.equal(read.comments[0].body, '');
  assert.equal(read.comments[1].id, reply.id);
  await look(page, width, 'deal-comment-deleted');

  // A reload reads the same thread, the tombstone with no delete button.
  await page.reload();
  await comments.first().getByText('Deleted', { exact: true }).waitFor();
  assert.equal(await comments.first().getByRole('button').count(), 0);
  assert.ok(later.length === 26);
});
