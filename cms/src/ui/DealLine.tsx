import type { Deal } from '../api/client';
import { day, money } from '../lib/format';
import { marked } from '../lib/words';

/** One deal as a line: what an editor needs to recognise it; the words of a search (`marks`) marked in its title. */
export function DealLine({ deal, marks }: { deal: Deal; marks?: string[] }) {
  const title = marks?.length ? marked(deal.title, marks).map((p) => (p.mark ? <mark>{p.text}</mark> : p.text)) : deal.title;
  return (
    <span class="deal-line">
      <strong class="deal-title">{title}</strong> <span class="price">{money(deal.price)}</span>{' '}
      <span class="meta">{deal.brandName} · {deal.categoryName} · {day(deal.createdAt)}</span>
      {deal.expired ? <> <span class="badge expired">Expired</span></>
        : deal.expiresAt ? <> <span class="meta">· expires {day(deal.expiresAt)}</span></> : null}
    </span>
  );
}
