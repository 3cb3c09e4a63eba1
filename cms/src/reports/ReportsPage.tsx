import { useEffect, useState } from 'preact/hooks';
import { call, type Problem, type ReportedDeal } from '../api/client';
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
  const [entries, setEntries] = useState<ReportedDeal[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [handled, setHandled] = useState<string | null>(null);

  const page = async (after: string | null) => {
    const o = await call(api.GET('/cms/reports', { params: { query: after ? { cursor: after } : {} } }));
    setLoadingMore(false);
    if (!o.ok) {
      setProblem(o.problem);
      return;
    }
    setProblem(null);
    // A deal handled meanwhile may come back on a later page: each deal once.
    setEntries((shown) => {
      const all = after && shown ? [...shown, ...o.data.reports] : o.data.reports;
      return all.filter((e, i) => all.findIndex((x) => x.deal.id === e.deal.id) === i);
    });
    setCursor(o.data.nextCursor ?? null);
  };
  useEffect(() => { page(null); }, []); // eslint-disable-line react-hooks/exhaustive-deps -- the first page, once

  const done = (entry: ReportedDeal, what: string) => {
    setEntries((shown) => shown?.filter((e) => e.deal.id !== entry.deal.id) ?? null);
    setHandled(`${what}: “${entry.deal.title}”.`);
  };

  return (
    <div class="reports-page">
      <h1>Reports</h1>
      <p class="meta">Deals users reported, the longest waiting first. Three different users' “expired” reports expire a
        deal by themselves; dismissing closes its reports, and they no longer count.</p>
      {handled && <Status>{handled}</Status>}
      <ProblemBanner problem={problem} />
      {entries === null ? (problem ? null : <Loading>Loading the reports…</Loading>)
        : entries.length === 0 ? <p>No open reports. Nothing is waiting.</p> : (
          <ul class="report-queue" aria-label="Reported deals">
            {entries.map((e) => <li key={e.deal.id}><ReportEntry entry={e} onHandled={(what) => done(e, what)} /></li>)}
          </ul>
        )}
      {entries !== null && cursor && !loadingMore && (
        <button type="button" onClick={() => { setLoadingMore(true); page(cursor); }}>More reported deals</button>
      )}
      {loadingMore && <Loading>Loading more reported deals…</Loading>}
    </div>
  );
}
