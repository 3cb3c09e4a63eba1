// One latest-deals list, a page at a time, as a reducer: every answer names the list it was asked for,
// and an answer for a list that is no longer shown, or a page that is no longer next, is dropped. So a
// filter change never gets a stale page of the old filter appended, and "Older deals" waits for the new
// filter's first page.
import type { Deal } from '../api/client';

export interface LatestState {
  /** Which list (filter and reload) this state is for. */
  key: string;
  deals: Deal[] | null;
  /** The cursor of the next page, once the last page asked for has come in. */
  cursor: string | null;
  /** The first page of `key` is in: until then, there is no next page to ask for. */
  firstPageIn: boolean;
  /** A next page is on its way. */
  loadingMore: boolean;
  /** How many deals the list held after each page came in: `ends.length` pages are in, page n ends at `ends[n - 1]`. */
  ends: number[];
}

export type LatestEvent =
  /** A list is shown: `keep` leaves the current deals on screen while its first page loads (a reload of the same filter). */
  | { type: 'show'; key: string; keep: boolean }
  | { type: 'more'; key: string }
  | { type: 'page'; key: string; after: string | null; deals: Deal[]; nextCursor: string | null }
  | { type: 'failed'; key: string };

export const initialLatest = (key: string): LatestState => ({ key, deals: null, cursor: null, firstPageIn: false, loadingMore: false, ends: [] });

export function latestReducer(s: LatestState, e: LatestEvent): LatestState {
  if (e.type === 'show') return { ...initialLatest(e.key), deals: e.keep ? s.deals : null };
  if (e.key !== s.key) return s; // an answer for a list no longer shown
  switch (e.type) {
    case 'more':
      return s.firstPageIn && s.cursor && !s.loadingMore ? { ...s, loadingMore: true } : s;
    case 'page':
      if (e.after === null) return { ...s, deals: e.deals, cursor: e.nextCursor, firstPageIn: true, loadingMore: false, ends: [e.deals.length] };
      if (!s.firstPageIn || e.after !== s.cursor) return s; // not the page that follows what is shown
      {
        const deals = [...(s.deals ?? []), ...e.deals];
        return { ...s, deals, cursor: e.nextCursor, loadingMore: false, ends: [...s.ends, deals.length] };
      }
    case 'failed':
      return { ...s, loadingMore: false };
  }
}

/**
 * What a list named `key` shows from `s`: `s` itself, or, in the render between a change of key and the effect that
 * shows the new list, what showing it will make of `s`. Without this, that one render put the old list's deals (or
 * its "No deals yet") under the new list's name, and a reader who saw the new name read deals it does not hold.
 */
export const shownAs = (s: LatestState, key: string, keep: boolean): LatestState =>
  s.key === key ? s : latestReducer(s, { type: 'show', key, keep });

/** "Older deals" can be asked for. */
export const canLoadMore = (s: LatestState) => s.firstPageIn && s.cursor !== null && !s.loadingMore;
