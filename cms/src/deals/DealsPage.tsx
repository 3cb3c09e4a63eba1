import { useState } from 'preact/hooks';
import { searchOf } from '../lib/words';
import type { Deal } from '../api/client';
import { useNavigation } from '../app/navigation';
import { DEFAULT_LIST, hrefOf, type ListView, type Route } from '../app/routes';
import { useCatalog } from '../brands/catalog';
import { DealDetail } from './DealDetail';
import { DealList, type Scope, scopeKey, scopeOf } from './DealList';
import { NewDeal } from './NewDeal';

/**
 * The latest deals beside the open one (#/deals/<id>) or the new-deal form (#/deals, #/deals/new). On a phone
 * the two columns take turns: the list, or whatever it opened.
 */
export function DealsPage({ route }: { route: Extract<Route, { page: 'deals' }> }) {
  const nav = useNavigation();
  const catalog = useCatalog();
  // The list's filter, search, order and page live in the address (reload, Back and a shared link show the same list).
  const list: ListView = route.list ?? DEFAULT_LIST;
  const search = list.q ? searchOf(list.q) : null;
  const scope: Scope = search?.q ? { kind: 'search', search } : scopeOf(list.show);
  const setList = (next: ListView) => nav.view(hrefOf({ ...route, list: next }));
  // A search keeps the words it left out too (after the ones it searches for), so the address says the same again.
  // Another filter, search or order starts again at its first page.
  const setScope = (s: Scope) => setList(s.kind === 'search' ? { ...list, page: 1, q: [...s.search.words, ...s.search.dropped].join(' ') }
    : { ...list, page: 1, q: '', show: scopeKey(s) });
  const [reloads, setReloads] = useState(0);
  const [created, setCreated] = useState<string | null>(null);
  const reload = () => setReloads((n) => n + 1);
  const open = route.open;
  return (
    <div class="deals-page" data-open={open.kind}>
      <h1>Deals</h1>
      <div class="columns">
        <DealList catalog={catalog} scope={scope} onScope={setScope} reloads={reloads} selected={open.kind === 'deal' ? open.id : null}
          list={list} onSort={(sort) => setList({ ...list, sort, page: 1 })} onPage={(page) => setList({ ...list, page })}
          onChanged={reload} />
        <div class="detail-col">
          {open.kind === 'deal'
            ? <DealDetail key={open.id} id={open.id} justCreated={created === open.id} onChanged={reload}
              back={hrefOf({ page: 'deals', open: { kind: 'none' }, list: route.list })} />
            : <NewDeal catalog={catalog} onCreated={(d: Deal) => {
              setCreated(d.id);
              reload();
              nav.go(hrefOf({ page: 'deals', open: { kind: 'deal', id: d.id }, list: route.list }));
            }} />}
        </div>
      </div>
    </div>
  );
}
