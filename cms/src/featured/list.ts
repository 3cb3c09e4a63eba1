// The rules of editing a featured list before it is saved, as plain functions. The API checks them again;
// the CMS says them first, in words, where the editor is looking.
import type { Deal } from '../api/client';
import { FEATURED_MAX } from '../api/contract';

/** Why `deal` cannot join `list`, or null when it can. */
export function refusal(list: Deal[], deal: Deal, max = FEATURED_MAX): string | null {
  if (list.some((x) => x.id === deal.id)) return `“${deal.title}” is already in the list.`;
  if (deal.expired) return `“${deal.title}” has expired; expired deals cannot be featured.`;
  if (list.length >= max) return `A featured list holds at most ${max} deals. Remove one first.`;
  return null;
}

/** The list with the deal at `from` moved to `to`; null when that is no move. */
export function moved(list: Deal[], from: number, to: number): Deal[] | null {
  if (to < 0 || to >= list.length || from < 0 || from >= list.length || from === to) return null;
  const next = [...list];
  const [d] = next.splice(from, 1);
  next.splice(to, 0, d);
  return next;
}

export const sameOrder = (a: Deal[], b: Deal[]) => a.length === b.length && a.every((d, i) => d.id === b[i].id);
