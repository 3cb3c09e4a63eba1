import { useEffect, useRef, useState } from 'preact/hooks';
import type { Outcome, Problem } from '../api/client';

/** One page of a cursor-paged list, as the API answers it. */
export interface PageOf<T> {
  items: T[];
  nextCursor?: string | null;
}

/** What one list shows: its items once the first page is in, the next page's cursor, and the last page's problem. */
interface Shown<T> {
  key: string;
  items: T[] | null;
  cursor: string | null;
  loadingMore: boolean;
  problem: Problem | null;
}

const nothing = <T>(key: string): Shown<T> => ({ key, items: null, cursor: null, loadingMore: false, problem: null });

/**
 * A list the API pages with an opaque cursor: the first page once `key` names it, then "more" on request, pages
 * appended in order. An item that comes again on a later page (the list moved meanwhile) is shown once, by `id`.
 * Everything shown belongs to the list `key` names: a new key starts empty, from its first render on, and a page
 * answered for another key is dropped (an old list's items never appear under a new one, nor its pages after them).
 */
export function usePaged<T>(key: string, fetchPage: (cursor: string | null) => Promise<Outcome<PageOf<T>>>, id: (item: T) => string) {
  const [state, setState] = useState<Shown<T>>(() => nothing(key));
  const shownRef = useRef(key);
  const shown = state.key === key ? state : nothing<T>(key);
  const page = async (after: string | null) => {
    const o = await fetchPage(after);
    if (shownRef.current !== key) return; // asked for a list no longer shown
    setState((s) => {
      const current = s.key === key ? s : nothing<T>(key);
      if (!o.ok) return { ...current, loadingMore: false, problem: o.problem };
      const all = after && current.items ? [...current.items, ...o.data.items] : o.data.items;
      return {
        key, items: all.filter((x, i) => all.findIndex((y) => id(y) === id(x)) === i),
        cursor: o.data.nextCursor ?? null, loadingMore: false, problem: null,
      };
    });
  };
  useEffect(() => {
    shownRef.current = key;
    page(null);
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- the key names the list
  const more = shown.items !== null && shown.cursor !== null && !shown.loadingMore ? () => {
    setState((s) => (s.key === key ? { ...s, loadingMore: true } : s));
    page(shown.cursor);
  } : null;
  /** Changes the items shown (an item removed or changed by an action), for the list shown now. */
  const setItems = (change: (items: T[] | null) => T[] | null) =>
    setState((s) => (s.key === key ? { ...s, items: change(s.items) } : s));
  return { items: shown.items, setItems, more, loadingMore: shown.loadingMore, problem: shown.problem };
}
