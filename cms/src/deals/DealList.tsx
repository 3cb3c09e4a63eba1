import { useEffect, useReducer, useRef, useState } from 'preact/hooks';
import { call, type Problem } from '../api/client';
import { dealHref } from '../app/routes';
import type { Catalog } from '../brands/catalog';
import { useApi } from '../ui/api';
import { DealLine } from '../ui/DealLine';
import { Loading, ProblemBanner } from '../ui/messages';
import { canLoadMore, initialLatest, latestReducer } from './latest';
import { OpenById } from './OpenById';

export type Scope = { kind: 'all' } | { kind: 'brand'; id: string } | { kind: 'category'; id: string };
const scopeKey = (s: Scope) => (s.kind === 'all' ? 'all' : `${s.kind}:${s.id}`);
function scopeOf(key: string): Scope {
  const [kind, id] = key.split(':');
  return kind === 'brand' || kind === 'category' ? { kind, id } : { kind: 'all' };
}

/** The latest deals of one scope, a page at a time (the API's opaque cursor, its default page size). */
function useLatest(scope: Scope, reloads: number) {
  const api = useApi();
  const key = `${scopeKey(scope)}#${reloads}`;
  const [state, dispatch] = useReducer(latestReducer, key, initialLatest);
  const [problem, setProblem] = useState<Problem | null>(null);
  const shownRef = useRef(key);

  const page = async (after: string | null) => {
    const query = after ? { cursor: after } : {};
    const outcome = await (scope.kind === 'brand'
      ? call(api.GET('/brands/{brandId}/deals', { params: { path: { brandId: scope.id }, query } }))
      : scope.kind === 'category'
        ? call(api.GET('/categories/{categoryId}/deals', { params: { path: { categoryId: scope.id }, query } }))
        : call(api.GET('/deals', { params: { query } })));
    if (key !== shownRef.current) return; // asked for a list no longer shown
    setProblem(outcome.ok ? null : outcome.problem);
    dispatch(outcome.ok
      ? { type: 'page', key, after, deals: outcome.data.deals, nextCursor: outcome.data.nextCursor ?? null }
      : { type: 'failed', key });
  };
  useEffect(() => {
    shownRef.current = key;
    // A reload of the same filter keeps its deals on screen until the fresh first page is in.
    dispatch({ type: 'show', key, keep: state.key.split('#')[0] === scopeKey(scope) });
    page(null);
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- the key names everything a page depends on
  const more = () => {
    if (!canLoadMore(state)) return;
    dispatch({ type: 'more', key });
    page(state.cursor);
  };
  return { state, more: canLoadMore(state) ? more : null, problem };
}

export function DealList({ catalog, scope, onScope, reloads, selected }: {
  catalog: Catalog; scope: Scope; onScope: (s: Scope) => void; reloads: number; selected: string | null;
}) {
  const { state, more, problem } = useLatest(scope, reloads);
  const deals = state.deals;
  return (
    <section class="list-col" aria-labelledby="latest-h">
      <h2 id="latest-h">Latest deals</h2>
      <div class="toolbar">
        <label for="scope">Show</label>
        <select id="scope" value={scopeKey(scope)} onChange={(e) => onScope(scopeOf(e.currentTarget.value))}>
          <option value="all">All deals</option>
          <optgroup label="By brand">
            {catalog.brands?.map((b) => <option value={`brand:${b.id}`}>{b.name}</option>)}
          </optgroup>
          <optgroup label="By category">
            {catalog.categories?.map((c) => <option value={`category:${c.id}`}>{c.name}</option>)}
          </optgroup>
        </select>
        <a class="button" href="#/deals/new">New deal</a>
      </div>
      <OpenById />
      <ProblemBanner problem={problem} />
      {deals === null ? <Loading>Loading deals…</Loading> : deals.length === 0 && state.firstPageIn ? <p>No deals here yet.</p> : (
        <ul class="deals" aria-label="Latest deals" aria-busy={!state.firstPageIn}>
          {deals.map((d) => (
            <li key={d.id}>
              <a class="deal-link" href={dealHref(d.id)} aria-current={d.id === selected ? 'page' : undefined}><DealLine deal={d} /></a>
            </li>
          ))}
        </ul>
      )}
      {more && <button type="button" onClick={more}>Older deals</button>}
      {state.loadingMore && <Loading>Loading older deals…</Loading>}
    </section>
  );
}
