import { useState } from 'preact/hooks';
import { call, type ReportedDeal } from '../api/client';
import { pageOf, usePaged } from '../lib/paged';
import { useApi } from '../ui/api';
import { Loading, ProblemBanner, Status } from '../ui/messages';
import { ReportEntry } from './ReportEntry';

/**
 * The moderation queue: deals with open reports, the longest waiting first, a page at a time. Each entry
 * shows its counts and notes and can be dismissed, expired or taken down; a handled entry leaves the page
 * with a word about what was done.
 */
export function ReportsPage() {
  const api = useApi();
  const queue = usePaged<ReportedDeal>('queue', async (cursor) =>
    pageOf(await call(api.GET('/cms/reports', { params: { query: cursor ? { cursor } : {} } })), (d) => d.reports), (e) => e.deal.id);
  const [handled, setHandled] = useState<string | null>(null);
  const entries = queue.items;
  const done = (entry: ReportedDeal, what: string) => {
    queue.setItems((shown) => shown.filter((e) => e.deal.id !== entry.deal.id));
    setHandled(`${what}: “${entry.deal.title}”.`);
  };

  return (
    <div class="reports-page">
      <h1>Reports</h1>
      <p class="meta">Deals users reported, the longest waiting first. Three different users' “expired” reports expire a
        deal by themselves; dismissing closes its reports, and they no longer count.</p>
      {handled && <Status>{handled}</Status>}
      <ProblemBanner problem={queue.problem} />
      {entries === null ? (queue.problem ? null : <Loading>Loading the reports…</Loading>)
        : entries.length === 0 ? <p>No open reports. Nothing is waiting.</p> : (
          <ul class="report-queue" aria-label="Reported deals">
            {entries.map((e) => <li key={e.deal.id}><ReportEntry entry={e} onHandled={(what) => done(e, what)} /></li>)}
          </ul>
        )}
      {queue.more && <button type="button" onClick={queue.more}>More reported deals</button>}
      {queue.loadingMore && <Loading>Loading more reported deals…</Loading>}
    </div>
  );
}
