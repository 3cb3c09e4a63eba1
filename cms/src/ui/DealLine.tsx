import type { Deal } from '../api/client';
import { day, money } from '../lib/format';
import { Temperature } from './Temperature';

/** One deal as a line: what an editor needs to recognise it. */
export function DealLine({ deal }: { deal: Deal }) {
  return (
    <span class="deal-line">
      <strong class="deal-title">{deal.title}</strong> <span class="price">{money(deal.price)}</span>{' '}
      <Temperature value={deal.temperature} />{' '}
      <span class="meta">{deal.brandName} · {deal.categoryName} · {day(deal.createdAt)}</span>
      {deal.expired ? <> <span class="badge expired">Expired</span></>
        : deal.expiresAt ? <> <span class="meta">· expires {day(deal.expiresAt)}</span></> : null}
    </span>
  );
}
