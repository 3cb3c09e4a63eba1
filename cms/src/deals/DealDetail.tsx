import { useEffect } from 'preact/hooks';
import { call, type Deal, type EditedDeal } from '../api/client';
import { useKeyed } from '../lib/keyed';
import { useApi } from '../ui/api';
import { day, HOT_AT, money } from '../lib/format';
import { Img } from '../ui/Img';
import { Temperature } from '../ui/Temperature';
import { Loading, ProblemBanner, Status } from '../ui/messages';
import { Comments } from './Comments';
import { Correction } from './Correction';
import { Expiry } from './Expiry';
import { History } from './History';
import { TakeDown } from './TakeDown';

/**
 * One deal at its own address: what it is (its temperature in the summary), then what an editor can do to it, one
 * section each, stacked in one column: expiry, correction, the deal's comments, takedown.
 */
export function DealDetail({ id, justCreated, onChanged, back = '#/deals' }: {
  id: string; justCreated: boolean; onChanged: (d: Deal) => void; back?: string;
}) {
  const api = useApi();
  // The editors' read: the deal's version (what a correction sends back as If-Match), taken down or not. What the
  // sections below change comes back as the deal it made (`set`), for this deal only.
  const { data: deal, problem, set } = useKeyed<EditedDeal>(id,
    () => call(api.GET('/cms/deals/{dealId}', { params: { path: { dealId: id } } })));
  const takenDown = deal?.takenDown ?? false;
  // Opening a deal moves the reader to it: focus (for screen readers) and scroll (after a long form, say).
  const loaded = deal !== null || problem !== null;
  useEffect(() => {
    if (loaded) document.getElementById('deal-h')?.focus();
  }, [loaded]);
  const changed = (d: EditedDeal) => {
    set(() => d);
    onChanged(d);
  };

  return (
    <article class="card deal-detail" aria-labelledby="deal-h" data-testid="deal-detail">
      <p class="back"><a href={back}>← All deals</a></p>
      {problem ? (
        <>
          <h2 id="deal-h" tabIndex={-1}>Deal {id}</h2>
          <ProblemBanner problem={problem} />
        </>
      ) : deal === null ? (
        <>
          <h2 id="deal-h" class="visually-hidden">Deal {id}</h2>
          <Loading>Loading the deal…</Loading>
        </>
      ) : takenDown ? (
        <>
          <h2 id="deal-h">{deal.title}</h2>
          <p class="badge taken-down" role="status">Taken down: “{deal.title}” has left every list and featured section.
            Messages already sent stay in inboxes.</p>
          <History deal={{ ...deal, takenDown: true }} />
        </>
      ) : (
        <>
          <Summary deal={deal} justCreated={justCreated} />
          <Expiry deal={deal} onChanged={changed} />
          <Correction deal={deal} onSaved={changed} />
          <History deal={deal} />
          <Comments deal={deal} />
          <TakeDown deal={deal} onTakenDown={() => { set((d) => ({ ...d, takenDown: true })); onChanged(deal); }} />
        </>
      )}
    </article>
  );
}

function Summary({ deal, justCreated }: { deal: Deal; justCreated: boolean }) {
  return (
    <header class="deal-summary">
      <Img src={deal.imageUrl} alt="" size={96} />
      <div>
        <h2 id="deal-h" tabIndex={-1}>{deal.title}</h2>
        {justCreated && <Status>Created “{deal.title}”.</Status>}
        <p><span class="price">{money(deal.price)}</span> · {deal.brandName} · {deal.categoryName}</p>
        <p class="meta">Id <code data-testid="deal-id">{deal.id}</code> · created {day(deal.createdAt)} ·{' '}
          <a href={deal.link} target="_blank" rel="noopener noreferrer">the shop's page</a></p>
        <p data-testid="expiry-state">{deal.expired
          ? <><span class="badge expired">Expired</span> since {day(deal.expiresAt!)}: it shows in latest lists, flagged, and in no featured section.</>
          : deal.expiresAt ? `Expires ${day(deal.expiresAt)}.` : 'No expiry.'}</p>
        <p class="meta"><Temperature value={deal.temperature} labelled /> (hot votes minus cold votes
          {deal.temperature >= HOT_AT ? '; in the app\'s hot list' : ''})</p>
        {deal.description && <p class="description">{deal.description}</p>}
      </div>
    </header>
  );
}
