import type { EditedDeal } from '../api/client';
import { day, money } from '../lib/format';

/** The fields a bulk confirmation shows of a deal, and what a stale expiry names as the other editor's changes. */
const SHOWN: { field: 'title' | 'price' | 'expiresAt'; label: string; words: (d: EditedDeal) => string }[] = [
  { field: 'title', label: 'Title', words: (d) => `“${d.title}”` },
  { field: 'price', label: 'Price', words: (d) => money(d.price) },
  { field: 'expiresAt', label: 'Expiry', words: (d) => (d.expiresAt ? day(d.expiresAt) : 'none') },
];

/** What another editor changed between `seen` and `now`, in words ("Price: $19.99 → $11.11"). */
export function changedWords(seen: EditedDeal, now: EditedDeal): string {
  const changed = SHOWN.filter((f) => seen[f.field] !== now[f.field]).map((f) => `${f.label}: ${f.words(seen)} → ${f.words(now)}`);
  if (now.takenDown) changed.push('taken down');
  return changed.length > 0 ? changed.join('; ') : 'nothing shown here; its description, say';
}
