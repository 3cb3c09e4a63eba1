import { call } from '../api/client';
import { dealHref } from '../app/routes';
import type { Catalog } from '../brands/catalog';
import type { Search } from '../lib/words';
import { useApi } from '../ui/api';
import { DealLine } from '../ui/DealLine';
import { SearchBox, searchPages } from '../ui/DealSearch';
import { Loading, ProblemBanner } from '../ui/messages';
import { OpenById } from './OpenById';
import { useDealPages } from './pages';

/** What the list shows: the latest deals of everything, a brand or a category, or the matches of a search. */
export type Scope = { kind: 'all' } | { kind: 'brand'; id: string } | { kind: 'category'; id: string }
  | { kind: 'search'; search: Search };
const scopeKey = (s: Scope) => (s.kind === 'all' ? 'all' : s.kind === 'search' ? `search:${s.search.q}` : `${s.kind}:${s.id}`);
function scopeOf(key: string): Scope {
  const [kind, id] = key.split(':');
  return kind === 'brand' || kind === 'category' ? { kind, id } : { kind: 'all' };
}

/** The deals of one scope, a page at a time (the API's opaque cursor, its default page size). */
function useScope(scope: Scope, reloads: number) {
  const api = useApi();
  return useDealPages(`${scopeKey(scope)}#${reloads}`, (after) => {
    const query = after ? { cursor: after } : {};
    return scope.kind === 'search' ? searchPages(api, scope.search)(after)
      : scope.kind === 'brand' ? call(api.GET('/brands/{brandId}/deals', { params: { path: { brandId: scope.id }, query } }))
        : scope.kind === 'category' ? call(api.GET('/categories/{categoryId}/deals', { params: { path: { categoryId: scope.id }, query } }))
          : call(api.GET('/deals', { params: { query } }));
  }, (previous) => previous.split('#')[0] === scopeKey(scope)); // a reload keeps its deals on screen until the fresh page
}

export function DealList({ catalog, scope, onScope, reloads, selected }: {
  catalog: Catalog; scope: Scope; onScope: (s: Scope) => void; reloads: number; selected: string | null;
}) {
  const { state, more, problem } = useScope(scope, reloads);
  const deals = state.deals;
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
        <a class="button" href="#/deals/new">New deal</a>
      </div>
      <OpenById />
      <ProblemBanner problem={problem} />
      {deals === null ? <Loading>{search ? 'Searching…' : 'Loading deals…'}</Loading>
        : deals.length === 0 && state.firstPageIn && !more ? <p>{search ? 'No deal title holds every one of these words.' : 'No deals here yet.'}</p> : (
          <ul class="deals" aria-label={heading} aria-busy={!state.firstPageIn}>
            {deals.map((d) => (
              <li key={d.id}>
                <a class="deal-link" href={dealHref(d.id)} aria-current={d.id === selected ? 'page' : undefined}>
                  <DealLine deal={d} marks={search?.words} />
                </a>
              </li>
            ))}
          </ul>
        )}
      {more && <button type="button" onClick={more}>{search ? 'More results' : 'Older deals'}</button>}
      {state.loadingMore && <Loading>{search ? 'Searching further…' : 'Loading older deals…'}</Loading>}
    </section>
  );
}
