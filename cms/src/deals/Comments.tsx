import { useState } from 'preact/hooks';
import { call, type Comment, type Deal } from '../api/client';
import { useAction } from '../lib/action';
import { day } from '../lib/format';
import { pageOf, usePaged } from '../lib/paged';
import { useApi } from '../ui/api';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Loading, ProblemBanner, Status } from '../ui/messages';

/**
 * The deal's thread as users read it, a page at a time: top-level comments oldest first, each with its replies
 * under it. An editor deletes a comment after a confirmation; it stays in its place as "deleted", so the replies
 * to it still read in context.
 */
export function Comments({ deal }: { deal: Deal }) {
  const api = useApi();
  const thread = usePaged<Comment>(deal.id, async (cursor) => pageOf(await call(api.GET('/deals/{dealId}/comments', {
    params: { path: { dealId: deal.id }, query: cursor ? { cursor } : {} },
  })), (d) => d.comments), (c) => c.id);
  const comments = thread.items;
  const [asking, setAsking] = useState<Comment | null>(null);
  const action = useAction();

  const remove = (c: Comment) => {
    setAsking(null);
    action.run(async () => {
      const o = await call(api.DELETE('/deals/{dealId}/comments/{commentId}', { params: { path: { dealId: deal.id, commentId: c.id } } }));
      if (!o.ok) return { problem: o.problem };
      return {
        done: `Deleted the comment by ${c.author ?? 'a deleted account'}.`,
        after: () => thread.setItems((shown) => shown.map((x) => (x.id === c.id ? { ...x, deleted: true, body: '' } : x))),
      };
    });
  };

  return (
    <section class="section comments" aria-labelledby="comments-h">
      <h3 id="comments-h">Comments</h3>
      <ProblemBanner problem={thread.problem} />
      {action.done && <Status>{action.done}</Status>}
      <ProblemBanner problem={action.problem} />
      {comments === null ? (thread.problem ? null : <Loading>Loading the comments…</Loading>)
        : comments.length === 0 ? <p>No comments yet.</p> : (
          <ol class="thread" aria-label="Thread">
            {comments.map((c) => (
              <li key={c.id} class={c.replyTo ? 'reply' : 'top-level'} data-testid="comment">
                <p class="meta">{c.author ?? 'a deleted account'} · {day(c.createdAt)}{c.replyTo ? ' · reply' : ''}</p>
                {c.deleted ? <p class="deleted">Deleted</p> : <p class="comment-body">{c.body}</p>}
                {!c.deleted && (
                  <button type="button" class="small" disabled={action.busy}
                    aria-label={`Delete the comment by ${c.author ?? 'a deleted account'} from ${day(c.createdAt)}`}
                    onClick={() => setAsking(c)}>Delete</button>
                )}
              </li>
            ))}
          </ol>
        )}
      {thread.more && <button type="button" onClick={thread.more}>More comments</button>}
      {thread.loadingMore && <Loading>Loading more comments…</Loading>}
      <ConfirmDialog id="delete-comment" open={asking !== null} title="Delete this comment?" danger confirm="Delete it"
        onConfirm={() => asking && remove(asking)} onCancel={() => setAsking(null)}>
        <p>It stays in the thread as “deleted”, without its text, so replies to it still read in context. This cannot be
          undone.</p>
        {asking && <blockquote>{asking.body}</blockquote>}
      </ConfirmDialog>
    </section>
  );
}
