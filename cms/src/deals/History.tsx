import { call, type DealEvent, type EditedDeal } from '../api/client';
import { day } from '../lib/format';
import { usePaged } from '../lib/paged';
import { useApi } from '../ui/api';
import { Loading, ProblemBanner } from '../ui/messages';

const ACTIONS: Record<string, string> = {
  created: 'created it', corrected: 'corrected it', 'taken-down': 'took it down', blasted: 'blasted it to every user',
  'reports-dismissed': 'dismissed its reports', 'community-expired': 'expired it',
};
const FIELDS: Record<string, string> = {
  title: 'Title', link: 'Link', price: 'Price', imageUrl: 'Image', description: 'Description', expiresAt: 'Expiry',
};
const shown = (field: string, v: string | null | undefined) =>
  v === null || v === undefined || v === '' ? 'none' : field === 'price' ? `$${Number(v).toFixed(2)}` : field === 'expiresAt' ? day(v) : v;

/**
 * Who did what to the deal, newest first, a page at a time: each event's editor, moment and every field it changed,
 * from what to what. `version` names the deal as shown: a change to it reads the history again.
 */
export function History({ deal }: { deal: EditedDeal }) {
  const api = useApi();
  const history = usePaged<DealEvent & { key: string }>(`${deal.id}@${deal.version}@${deal.takenDown}`, async (cursor) => {
    const o = await call(api.GET('/cms/deals/{dealId}/history', {
      params: { path: { dealId: deal.id }, query: cursor ? { cursor } : {} },
    }));
    return o.ok ? { ...o, data: {
      items: o.data.events.map((e, i) => ({ ...e, key: `${e.at}#${e.action}#${cursor ?? ''}#${i}` })), nextCursor: o.data.nextCursor,
    } } : o;
  }, (e) => e.key);
  const events = history.items;
  return (
    <section class="section history" aria-labelledby="history-h">
      <h3 id="history-h">History</h3>
      <ProblemBanner problem={history.problem} />
      {events === null ? (history.problem ? null : <Loading>Loading the history…</Loading>)
        : events.length === 0 ? <p>No recorded changes.</p> : (
          <ol class="events" aria-label="What was done, newest first">
            {events.map((e) => (
              <li key={e.key} data-testid="history-event">
                <p><strong>{e.editor ?? 'The community'}</strong> {ACTIONS[e.action] ?? e.action} · <time dateTime={e.at}>{day(e.at)}</time></p>
                {Object.keys(e.changes).length > 0 && e.action !== 'created' && (
                  <ul class="changes">
                    {Object.entries(e.changes).map(([field, c]) => (
                      <li key={field}>{FIELDS[field] ?? field}: {shown(field, c.from)} → {shown(field, c.to)}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        )}
      {history.more && <button type="button" onClick={history.more}>Older events</button>}
      {history.loadingMore && <Loading>Loading older events…</Loading>}
    </section>
  );
}
