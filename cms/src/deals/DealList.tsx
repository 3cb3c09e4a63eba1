import { useEffect, useState } from 'preact/hooks';
import { call, type Deal, type EditedDeal, type Outcome } from '../api/client';
import { PAGE_MAX, PAGE_SIZE } from '../api/contract';
import { hrefOf, type ListView, type Sort } from '../app/routes';
import { useAction } from '../lib/action';
import { useKeyedMany } from '../lib/keyed';
import { pageOf, usePaged } from '../lib/paged';
import { money, now } from '../lib/format';
import { changedWords } from './changes';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import type { Catalog } from '../brands/catalog';
import type { Search } from '../lib/words';
import { useApi } from '../ui/api';
import { DealLine } from '../ui/DealLine';
import { dealId, SearchBox, searchPages } from '../ui/DealSearch';
import { Loading, ProblemBanner, Result } from '../ui/messages';
import { OpenById } from './OpenById';

/** What the list shows: the latest deals of everything, a brand or a category, or the matches of a search. */
export type Scope = { kind: 'all' } | { kind: 'brand'; id: string } | { kind: 'category'; id: string }
  | { kind: 'search'; search: Search };
export const scopeKey = (s: Scope) => (s.kind === 'all' ? 'all' : s.kind === 'search' ? `search:${s.search.q}` : `${s.kind}:${s.id}`);
export function scopeOf(key: string): Scope {
  const [kind, id] = key.split(':');
  return kind === 'brand' || kind === 'category' ? { kind, id } : { kind: 'all' };
}

/**
 * The deals of one scope, a page at a time (the API's opaque cursor). `whole`: every page at the largest size the API
 * allows, for an order the API does not keep (hottest or cheapest first must order the whole list, not what was loaded).
 * `reloads` asks the same list again, what it shows kept until the fresh pages are in.
 */
function useScope(scope: Scope, reloads: number, whole: boolean) {
  const api = useApi();
  return usePaged(`${scopeKey(scope)}#${whole ? 'whole' : 'pages'}`, async (after) => {
    const query = { ...(after ? { cursor: after } : {}), ...(whole ? { limit: PAGE_MAX } : {}) };
    return scope.kind === 'search' ? searchPages(api, scope.search, whole ? PAGE_MAX : undefined)(after)
      : pageOf(await (scope.kind === 'brand' ? call(api.GET('/brands/{brandId}/deals', { params: { path: { brandId: scope.id }, query } }))
        : scope.kind === 'category' ? call(api.GET('/categories/{categoryId}/deals', { params: { path: { categoryId: scope.id }, query } }))
          : call(api.GET('/deals', { params: { query } }))), (d) => d.deals);
  }, dealId, reloads);
}

const SORT_WORDS: Record<Sort, string> = { newest: 'Newest first', temperature: 'Hottest first', price: 'Cheapest first' };

/** The deals in the order asked for: the API's newest first, or by temperature or price (the whole list, once loaded). */
export function sorted(deals: Deal[], sort: Sort): Deal[] {
  if (sort === 'newest') return deals;
  const by = sort === 'temperature' ? (a: Deal, b: Deal) => b.temperature - a.temperature : (a: Deal, b: Deal) => a.price - b.price;
  return [...deals].sort(by);
}

type Bulk = 'expire' | 'take-down';

/** What one bulk action did: the deals done, and each one not done with the reason. */
interface BulkReport { what: Bulk; done: string[]; failed: { title: string; why: string }[] }

export function DealList({ catalog, scope, onScope, reloads, selected, list, onSort, onPage, onChanged }: {
  catalog: Catalog; scope: Scope; onScope: (s: Scope) => void; reloads: number; selected: string | null;
  list: ListView; onSort: (s: Sort) => void; onPage: (page: number) => void; onChanged: () => void;
}) {
  const api = useApi();
  const whole = list.sort !== 'newest';
  const { items, ends, complete, held, more, loadingMore, problem } = useScope(scope, reloads, whole);
  // Newest first: the pages the address names, asked for in turn. Ordered otherwise: every page, then the order.
  useEffect(() => {
    if (more && (whole || ends.length < list.page)) more();
  });
  // A whole list asked again (after a bulk action) shows the last complete one until the fresh one is complete.
  const all = !whole ? items : complete ? items : held;
  const shownCount = !whole ? (ends[Math.min(list.page, ends.length) - 1] ?? 0) : list.page * PAGE_SIZE;
  const deals = all === null ? null : sorted(all, list.sort).slice(0, shownCount);
  // Another page: one already loaded (after Back), the next from the API, or more of the whole list ordered.
  const further = all === null ? false : whole ? all.length > shownCount
    : list.page < ends.length || (more !== null && ends.length === list.page);
  const [chosen, setChosen] = useState<Deal[]>([]);
  // The editors' read of each deal chosen, taken when it was chosen: what the confirmation names, and the version an
  // expiry sends back (If-Match), so that a deal another editor changed meanwhile is refused, not expired unseen.
  // A deal chosen again is read again; one no longer chosen is dropped with any read of it on its way.
  const reads = useKeyedMany<EditedDeal>();
  const readOf = (id: string) => call(api.GET('/cms/deals/{dealId}', { params: { path: { dealId: id } } }));
  const [asking, setAsking] = useState<Bulk | null>(null);
  const [report, setReport] = useState<BulkReport | null>(null);
  const bulk = useAction();
  const isChosen = (d: Deal) => chosen.some((c) => c.id === d.id);
  const toggle = (d: Deal) => {
    if (isChosen(d)) {
      reads.drop(d.id);
      setChosen((c) => c.filter((x) => x.id !== d.id));
    } else {
      void reads.load(d.id, () => readOf(d.id));
      setChosen((c) => [...c, d]);
    }
  };
  const clearChoice = () => {
    reads.drop();
    setChosen([]);
  };
  /**
   * One confirmation for the whole selection, then each deal in turn: an expiry names the version the confirmation
   * showed (If-Match). Each deal not done is named with its reason, the others are done all the same; the ones not
   * done stay chosen, a stale one as it is now (the next confirmation names its new version and what changed).
   */
  const runBulk = (what: Bulk) => {
    setAsking(null);
    const these = chosen;
    setReport(null);
    bulk.run(async () => {
      const done: Deal[] = [];
      const failed: { deal: Deal; why: string }[] = [];
      const changed: [string, EditedDeal][] = [];
      for (const d of these) {
        if (what === 'take-down') {
          const o = await call(api.DELETE('/cms/deals/{dealId}', { params: { path: { dealId: d.id } } }));
          if (o.ok) done.push(d); else failed.push({ deal: d, why: o.problem.message });
          continue;
        }
        // The read the confirmation showed; one not in yet when confirmed is read now.
        const shown = reads.get(d.id);
        const seen: Outcome<EditedDeal> = shown?.data ? { ok: true, data: shown.data, status: 200 }
          : shown?.problem ? { ok: false, problem: shown.problem } : await readOf(d.id);
        if (!seen.ok) {
          failed.push({ deal: d, why: `it could not be read (${seen.problem.message})` });
          continue;
        }
        const o = await call(api.PATCH('/cms/deals/{dealId}', {
          params: { path: { dealId: d.id }, header: { 'If-Match': `"v${seen.data.version}"` } }, body: { expiresAt: now() },
        }));
        if (o.ok) {
          done.push(d);
        } else if (o.problem.current) {
          const current = o.problem.current;
          // Chosen still, as it is now: what the editor confirms next is what they were just told.
          changed.push([d.id, current]);
          failed.push({ deal: d, why: `another editor changed it after you chose it (${changedWords(seen.data, current)}), so it was not expired. It is still chosen, as it is now: expire it again if you still mean to.` });
        } else {
          failed.push({ deal: d, why: o.problem.message });
        }
      }
      const left = new Set(failed.map((f) => f.deal.id));
      return {
        after: () => {
          for (const [id, current] of changed) reads.put(id, current);
          for (const d of done) reads.drop(d.id);
          setChosen((c) => c.filter((x) => left.has(x.id)));
          if (done.length > 0) onChanged();
          setReport({ what, done: done.map((d) => d.title), failed: failed.map((f) => ({ title: f.deal.title, why: f.why })) });
        },
      };
    });
  };
  const named = (d: Deal) => reads.get(d.id)?.data?.title ?? d.title;
  const search = scope.kind === 'search' ? scope.search : null;
  const heading = search ? 'Search results' : 'Latest deals';
  return (
    <section class="list-col" aria-labelledby="latest-h">
      <h2 id="latest-h">{heading}</h2>
      <SearchBox id="deal-search" label="Search deal titles" active={search}
        onSearch={(s) => onScope({ kind: 'search', search: s })} onClear={() => onScope({ kind: 'all' })} />
      <div class="toolbar">
        <label for="scope">Show</label>
        <select id="scope" value={search ? 'search' : scopeKey(scope)} onChange={(e) => onScope(scopeOf(e.currentTarget.value))}>
          {search && <option value="search" disabled>Search results</option>}
          <option value="all">All deals</option>
          <optgroup label="By brand">
            {catalog.brands?.map((b) => <option value={`brand:${b.id}`}>{b.name}</option>)}
          </optgroup>
          <optgroup label="By category">
            {catalog.categories?.map((c) => <option value={`category:${c.id}`}>{c.name}</option>)}
          </optgroup>
        </select>
        <label for="sort">Order</label>
        <select id="sort" value={list.sort} onChange={(e) => onSort(e.currentTarget.value as Sort)}>
          {(Object.keys(SORT_WORDS) as Sort[]).map((s) => <option value={s}>{SORT_WORDS[s]}</option>)}
        </select>
        <a class="button" href={hrefOf({ page: 'deals', open: { kind: 'new' }, list })}>New deal</a>
      </div>
      {whole && all !== null && <p class="meta">Ordered across all {all.length} {all.length === 1 ? 'deal' : 'deals'} of this list.</p>}
      {chosen.length > 0 && (
        <div class="toolbar bulk" role="group" aria-label="The chosen deals">
          <span>{chosen.length} chosen</span>
          <button type="button" disabled={bulk.busy} onClick={() => setAsking('expire')}>Expire {chosen.length} now…</button>
          <button type="button" class="danger" disabled={bulk.busy} onClick={() => setAsking('take-down')}>Take {chosen.length} down…</button>
          <button type="button" onClick={clearChoice}>Clear choice</button>
        </div>
      )}
      {report && !bulk.busy && <BulkResult report={report} />}
      <OpenById />
      <ProblemBanner problem={problem} />
      {deals === null ? <Loading>{whole && items ? `Loading every deal to order them: ${items.length} so far…`
        : search ? 'Searching…' : 'Loading deals…'}</Loading>
        : deals.length === 0 && (whole || (items !== null && !more)) ? <p>{search ? 'No deal title holds every one of these words.' : 'No deals here yet.'}</p> : (
          <ul class="deals" aria-label={heading} aria-busy={items === null}>
            {deals.map((d) => (
              <li key={d.id}>
                <input type="checkbox" id={`choose-${d.id}`} checked={isChosen(d)} onChange={() => toggle(d)}
                  aria-label={`Choose “${d.title}”`} />
                <a class="deal-link" href={hrefOf({ page: 'deals', open: { kind: 'deal', id: d.id }, list })} aria-current={d.id === selected ? 'page' : undefined}>
                  <DealLine deal={d} marks={search?.words} />
                </a>
              </li>
            ))}
          </ul>
        )}
      {further && !(loadingMore && !whole) && (
        <button type="button" onClick={() => onPage(list.page + 1)}>{whole ? 'More deals' : search ? 'More results' : 'Older deals'}</button>
      )}
      {loadingMore && !whole && <Loading>{search ? 'Searching further…' : 'Loading older deals…'}</Loading>}
      <ConfirmDialog id="bulk" open={asking !== null} danger={asking === 'take-down'}
        title={asking === 'expire' ? `Expire ${chosen.length} ${chosen.length === 1 ? 'deal' : 'deals'} now?` : `Take ${chosen.length} ${chosen.length === 1 ? 'deal' : 'deals'} down?`}
        confirm={asking === 'expire' ? `Expire ${chosen.length}` : `Take ${chosen.length} down`}
        onConfirm={() => asking && runBulk(asking)} onCancel={() => setAsking(null)}>
        <p>{asking === 'expire' ? 'They are flagged expired and leave every featured section at once:'
          : 'They leave every list and featured section; this cannot be undone:'}</p>
        <ul data-testid="bulk-deals">{chosen.map((d) => {
          const r = reads.get(d.id);
          return (
            <li key={d.id}><span data-testid="bulk-title">{named(d)}</span>{' '}
              <span class="meta">{r?.data ? `${money(r.data.price)}, version ${r.data.version}${r.data.expired ? ', expired already' : ''}`
                : r?.problem ? `(could not be read: ${r.problem.message})` : '(reading…)'}</span></li>
          );
        })}</ul>
      </ConfirmDialog>
    </section>
  );
}

/** A bulk action's result: how many of how many, every deal done, and every deal not done with its reason. */
function BulkResult({ report }: { report: BulkReport }) {
  const verb = report.what === 'expire' ? 'Expired' : 'Took down';
  const total = report.done.length + report.failed.length;
  const n = report.done.length;
  if (report.failed.length === 0) {
    return <Result testId="bulk-result">{verb} {n} {n === 1 ? 'deal' : 'deals'}: {report.done.map((t) => `“${t}”`).join(', ')}.</Result>;
  }
  return (
    <Result alert testId="bulk-result">
      <p>{verb} {n} of {total} {total === 1 ? 'deal' : 'deals'}{n > 0 ? `: ${report.done.map((t) => `“${t}”`).join(', ')}` : ''}.
        Not {report.what === 'expire' ? 'expired' : 'taken down'}:</p>
      <ul>{report.failed.map((f) => <li key={f.title} data-testid="bulk-failed"><strong>“{f.title}”</strong>: {f.why}</li>)}</ul>
    </Result>
  );
}
