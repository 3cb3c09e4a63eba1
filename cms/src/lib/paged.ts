import { useEffect, useState } from 'preact/hooks';
import type { Outcome, Problem } from '../api/client';

/** One page of a cursor-paged list, as the API answers it. */
export interface PageOf<T> {
  items: T[];
  nextCursor?: string | null;
}

/**
 * A list the API pages with an opaque cursor: the first page once `key` names it, then "more" on request, pages
 * appended in order. An item that comes again on a later page (the list moved meanwhile) is shown once, by `id`.
 */
export function usePaged<T>(key: string, fetchPage: (cursor: string | null) => Promise<Outcome<PageOf<T>>>, id: (item: T) => string) {
  const [items, setItems] = useState<T[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const page = async (after: string | null) => {
    const o = await fetchPage(after);
    setLoadingMore(false);
    if (!o.ok) {
      setProblem(o.problem);
      return;
    }
    setProblem(null);
    setItems((shown) => {
      const all = after && shown ? [...shown, ...o.data.items] : o.data.items;
      return all.filter((x, i) => all.findIndex((y) => id(y) === id(x)) === i);
    });
    setCursor(o.data.nextCursor ?? null);
  };
  useEffect(() => { page(null); }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- the key names the list
  const more = items !== null && cursor !== null && !loadingMore ? () => { setLoadingMore(true); page(cursor); } : null;
  return { items, setItems, more, loadingMore, problem };
}
