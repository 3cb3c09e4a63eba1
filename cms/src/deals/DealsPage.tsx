import { useState } from 'preact/hooks';
import type { Deal } from '../api/client';
import { useNavigation } from '../app/navigation';
import { dealHref, type Route } from '../app/routes';
import { useCatalog } from '../brands/catalog';
import { DealDetail } from './DealDetail';
import { DealList, type Scope } from './DealList';
import { NewDeal } from './NewDeal';

/**
 * The latest deals beside the open one (#/deals/<id>) or the new-deal form (#/deals, #/deals/new). On a phone
 * the two columns take turns: the list, or whatever it opened.
 */
export function DealsPage({ route }: { route: Extract<Route, { page: 'deals' }> }) {
  const nav = useNavigation();
  const catalog = useCatalog();
  const [scope, setScope] = useState<Scope>({ kind: 'all' });
  const [reloads, setReloads] = useState(0);
  const [created, setCreated] = useState<string | null>(null);
  const reload = () => setReloads((n) => n + 1);
  const open = route.open;
  return (
    <div class="deals-page" data-open={open.kind}>
      <h1>Deals</h1>
      <div class="columns">
        <DealList catalog={catalog} scope={scope} onScope={setScope} reloads={reloads} selected={open.kind === 'deal' ? open.id : null} />
        <div class="detail-col">
          {open.kind === 'deal'
            ? <DealDetail key={open.id} id={open.id} justCreated={created === open.id} onChanged={reload} />
            : <NewDeal catalog={catalog} onCreated={(d: Deal) => {
              setCreated(d.id);
              reload();
              nav.go(dealHref(d.id));
            }} />}
        </div>
      </div>
    </div>
  );
}
