import { useState } from 'preact/hooks';
import { call, type Problem, type ReportedDeal } from '../api/client';
import { dealHref } from '../app/routes';
import { useAction } from '../lib/action';
import { useKeyed } from '../lib/keyed';
import { day, now } from '../lib/format';
import { useApi } from '../ui/api';
import { TakeDownQuestion } from '../deals/TakeDown';
import { DealLine } from '../ui/DealLine';
import { Loading, ProblemBanner } from '../ui/messages';
import { countsLine, reasonWords, total } from './reasons';

/** One reported deal: what it is, how it was reported and by whom, and what an editor does about it. */
export function ReportEntry({ entry, onHandled }: { entry: ReportedDeal; onHandled: (what: string) => void }) {
  const api = useApi();
  const deal = entry.deal;
  const notes = useKeyed(deal.id, async () => {
    const o = await call(api.GET('/cms/reports/{dealId}', { params: { path: { dealId: deal.id } } }));
    return o.ok ? { ...o, data: o.data.reports } : o;
  });
  const [asking, setAsking] = useState(false);
  const action = useAction();

  const dismiss = async () => {
    const o = await call(api.POST('/cms/reports/{dealId}/dismiss', { params: { path: { dealId: deal.id } } }));
    return o.ok ? null : o.problem;
  };
  // Each action ends with the reports closed: the deal has been dealt with, so it leaves the queue.
  const handle = (what: string, act: () => Promise<Problem | null>) => action.run(async () => {
    const problem = (await act()) ?? (await dismiss());
    if (problem) return { problem };
    return { after: () => onHandled(what) };
  });
  const expire = async () => {
    const o = await call(api.PATCH('/cms/deals/{dealId}', { params: { path: { dealId: deal.id } }, body: { expiresAt: now() } }));
    return o.ok ? null : o.problem;
  };
  const takeDown = async () => {
    const o = await call(api.DELETE('/cms/deals/{dealId}', { params: { path: { dealId: deal.id } } }));
    return o.ok ? null : o.problem;
  };
  const h = `report-${deal.id}`;
  return (
    <article class="card report" aria-labelledby={h} data-testid="report">
      <h2 id={h} class="report-title"><a href={dealHref(deal.id)}><DealLine deal={deal} /></a></h2>
      <p class="report-counts"><strong>{countsLine(entry.counts)}</strong>{' '}
        <span class="meta">· {total(entry.counts)} open {total(entry.counts) === 1 ? 'report' : 'reports'}, waiting since {day(entry.firstReportedAt)}</span></p>
      {notes.data === null ? (notes.problem ? <ProblemBanner problem={notes.problem} /> : <Loading>Loading the notes…</Loading>) : (
        <ul class="notes" aria-label="Reports">
          {notes.data.map((n) => (
            <li><span class="meta">{n.username} · {reasonWords(n.reason)} · {day(n.reportedAt)}
              {n.counted ? '' : ' · not counted toward expiry (profile too new)'}</span>
              {n.note ? <q>{n.note}</q> : <span class="meta"> (no note)</span>}</li>
          ))}
        </ul>
      )}
      <div class="actions">
        <button type="button" disabled={action.busy} onClick={() => handle('Dismissed', async () => null)}>Dismiss</button>
        <button type="button" disabled={action.busy || deal.expired} onClick={() => handle('Expired', expire)}>Expire now</button>
        <button type="button" class="danger" disabled={action.busy} onClick={() => setAsking(true)}>Take down…</button>
      </div>
      <ProblemBanner problem={action.problem} />
      <TakeDownQuestion id={`takedown-${deal.id}`} deal={deal} open={asking}
        onConfirm={() => { setAsking(false); handle('Taken down', takeDown); }} onCancel={() => setAsking(false)} />
    </article>
  );
}
