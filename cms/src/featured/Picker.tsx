import { useState } from 'preact/hooks';
import { call, type Deal } from '../api/client';
import { useAction } from '../lib/action';
import { pageOf, usePaged } from '../lib/paged';
import type { Search } from '../lib/words';
import { useApi } from '../ui/api';
import { DealLine } from '../ui/DealLine';
import { dealId, SearchBox, searchPages } from '../ui/DealSearch';
import { Field } from '../ui/Field';
import { Loading, ProblemBanner } from '../ui/messages';

/** Deals to feature: the latest overall (the API's default page), a search's matches, or one by id. */
export function Picker({ onPick, full }: { onPick: (d: Deal) => void; full: boolean }) {
  const api = useApi();
  const [search, setSearch] = useState<Search | null>(null);
  const { items: deals, more, loadingMore, problem } = usePaged(search ? `search:${search.q}` : 'latest',
    search ? searchPages(api, search) : async (cursor) => pageOf(await call(api.GET('/deals', { params: { query: cursor ? { cursor } : {} } })), (d) => d.deals), dealId);
  const [id, setId] = useState('');
  const byId = useAction();
  const listName = search ? 'Matching deals to add' : 'Latest deals to add';
  return (
    <section aria-labelledby="pick-h">
      <h2 id="pick-h">Add deals</h2>
      <SearchBox id="pick-search" label="Find deals by title" active={search} onSearch={setSearch} onClear={() => setSearch(null)} />
      <form class="inline" onSubmit={(e) => {
        e.preventDefault();
        byId.run(async () => {
          const o = await call(api.GET('/deals/{dealId}', { params: { path: { dealId: id.trim() } } }));
          if (!o.ok) return { problem: o.problem };
          return { after: () => { onPick(o.data); setId(''); } };
        });
      }}>
        <Field id="pick-id" label="Deal id" value={id} onInput={(typed) => { if (!byId.busy) byId.clear(); setId(typed); }} />
        <button type="submit" disabled={full || byId.busy}>Add by id</button>
      </form>
      <ProblemBanner problem={byId.problem} />
      <ProblemBanner problem={problem} />
      {deals === null ? (problem ? null : <Loading>{search ? 'Searching…' : 'Loading the latest deals…'}</Loading>)
        : deals.length === 0 && !more ? <p>{search ? 'No deal title holds every one of these words.' : 'No deals yet.'}</p> : (
          <ul class="deals" aria-label={listName}>
            {deals.map((d) => (
              <li key={d.id}>
                <DealLine deal={d} marks={search?.words} />{' '}
                <button type="button" disabled={full || d.expired} aria-label={`Add “${d.title}”`} onClick={() => onPick(d)}>Add</button>
              </li>
            ))}
          </ul>
        )}
      {more && <button type="button" onClick={more}>More results</button>}
      {loadingMore && <Loading>Searching further…</Loading>}
    </section>
  );
}
