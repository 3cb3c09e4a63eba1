import { useEffect, useState } from 'preact/hooks';
import { call, type Comment, type Deal, type Problem } from '../api/client';
import { useAction } from '../lib/action';
import { day } from '../lib/format';
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
  const [comments, setComments] = useState<Comment[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [asking, setAsking] = useState<Comment | null>(null);
  const action = useAction();

  const page = async (after: string | null) => {
    const o = await call(api.GET('/deals/{dealId}/comments', {
      params: { path: { dealId: deal.id }, query: after ? { cursor: after } : {} },
    }));
    setLoadingMore(false);
    if (!o.ok) {
      setProblem(o.problem);
      return;
    }
    setProblem(null);
    setComments((shown) => (after && shown ? [...shown, ...o.data.comments] : o.data.comments));
    setCursor(o.data.nextCursor ?? null);
  };
  useEffect(() => { page(null); }, [deal.id]); // eslint-disable-line react-hooks/exhaustive-deps -- a new deal, a new thread

  const remove = (c: Comment) => {
    setAsking(null);
    action.run(async () => {
      const o = await call(api.DELETE('/deals/{dealId}/comments/{commentId}', { params: { path: { dealId: deal.id, commentId: c.id } } }));
      if (!o.ok) return { problem: o.problem };
      setComments((shown) => shown?.map((x) => (x.id === c.id ? { ...x, deleted: true, body: '' } : x)) ?? null);
      return { done: `Deleted the comment by ${c.author ?? 'a deleted account'}.` };
    });
  };

  return (
    <section class="section comments" aria-labelledby="comments-h">
      <h3 id="comments-h">Comments</h3>
      <ProblemBanner problem={problem} />
      {action.done && <Status>{action.done}</Status>}
      <ProblemBanner problem={action.problem} />
      {comments === null ? (problem ? null : <Loading>Loading the comments…</Loading>)
        : comments.length === 0 ? <p>No comments yet.</p> : (
          <ol class="thread" aria-label="Thread">
            {comments.map((c) => (
              <li key={c.id} class={c.replyTo ? 'reply' : 'top'} data-testid="comment">
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
      {comments !== null && cursor && !loadingMore && (
        <button type="button" onClick={() => { setLoadingMore(true); page(cursor); }}>More comments</button>
      )}
      {loadingMore && <Loading>Loading more comments…</Loading>}
      <ConfirmDialog id="delete-comment" open={asking !== null} title="Delete this comment?" danger confirm="Delete it"
        onConfirm={() => asking && remove(asking)} onCancel={() => setAsking(null)}>
        <p>It stays in the thread as “deleted”, without its text, so replies to it still read in context. This cannot be
          undone.</p>
        {asking && <blockquote>{asking.body}</blockquote>}
      </ConfirmDialog>
    </section>
  );
}
