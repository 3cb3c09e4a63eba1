import { useCallback, useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { Outcome, Problem } from '../api/client';
import { type Keyed, shownFor, useOwner } from './keyed';

/** One page of a cursor-paged list, as the API answers it (its items under their own name, picked by `pageOf`). */
export interface PageOf<T> {
  items: T[];
  nextCursor?: string | null;
}

/** Asks for the page after `cursor` (null: the first). */
export type PageFetch<T> = (cursor: string | null) => Promise<Outcome<PageOf<T>>>;

/** An API page (`{ deals, nextCursor }`, `{ comments, nextCursor }`…) as a {@link PageOf}. */
export const pageOf = <A extends { nextCursor?: string | null }, T>(o: Outcome<A>, items: (a: A) => T[]): Outcome<PageOf<T>> =>
  (o.ok ? { ...o, data: { items: items(o.data), nextCursor: o.data.nextCursor } } : o);

/** What a list holds once its first page is in. */
export interface Pages<T> {
  items: T[];
  /** The next page's cursor; null once the last page is in. */
  cursor: string | null;
  /** How many items the list held after each page: `ends.length` pages are in, page n ends at `ends[n - 1]`. */
  ends: number[];
  /** The list as it last stood complete, while a refetch of it is not complete yet (a list ordered whole shows it). */
  held: T[] | null;
}

/**
 * The list after the page that followed `after` came in (null: the first page, which starts the list again; a
 * refetch holds the last complete list meanwhile). An item that comes again on a later page (the list moved
 * meanwhile) shows once, by `id`.
 */
export function withPage<T>(list: Pages<T> | null, page: PageOf<T>, after: string | null, id: (item: T) => string): Pages<T> {
  const cursor = page.nextCursor ?? null;
  if (after === null || list === null) {
    const held = cursor === null || list === null ? null : list.cursor === null ? list.items : list.held;
    return { items: page.items, cursor, ends: [page.items.length], held };
  }
  const seen = new Set(list.items.map(id));
  const items = [...list.items, ...page.items.filter((x) => !seen.has(id(x)))];
  return { items, cursor, ends: [...list.ends, items.length], held: cursor === null ? null : list.held };
}

/** The cursor "more" asks with: there is a next page, and nothing is on its way for the list (a refetch neither). */
export const nextPage = <T>(s: Keyed<Pages<T>>): string | null =>
  (s.data !== null && s.data.cursor !== null && s.waiting === null ? s.data.cursor : null);

export interface Paged<T> {
  /** The items once the first page is in (during a refetch, what was in before it). */
  items: T[] | null;
  ends: number[];
  /** Every page is in. */
  complete: boolean;
  held: T[] | null;
  /** The next page, when there is one and nothing is on its way. */
  more: (() => void) | null;
  loadingMore: boolean;
  problem: Problem | null;
  /** Changes the items shown (one removed or changed by an action), for the list shown now. */
  setItems: (change: (items: T[]) => T[]) => void;
}

/**
 * A list the API pages with an opaque cursor, named by `key`: its first page when the key is shown (and again, the
 * items kept meanwhile, when `revision` changes), then `more` on request, pages appended in order. Everything shown
 * belongs to the key: ownership is {@link keyed}'s, so a page answered for another key, or for a request since
 * superseded, is never applied.
 */
export function usePaged<T>(key: string, fetchPage: PageFetch<T>, id: (item: T) => string, revision: unknown = 0): Paged<T> {
  const { state, ask, set } = useOwner<Pages<T>>(key);
  const fetchRef = useRef(fetchPage);
  const idRef = useRef(id);
  useLayoutEffect(() => { fetchRef.current = fetchPage; idRef.current = id; });
  const page = useCallback((after: string | null, asked?: unknown) => {
    void ask(key, () => fetchRef.current(after), (list, p) => withPage(list, p, after, idRef.current), { at: after, revision: asked });
  }, [ask, key]);
  useEffect(() => page(null, revision), [page, revision]);
  const shown = shownFor(state, key, revision);
  const list = shown.data;
  const next = nextPage(shown);
  return {
    items: list?.items ?? null,
    ends: list?.ends ?? [],
    complete: list !== null && list.cursor === null,
    held: list?.held ?? null,
    more: next === null ? null : () => page(next),
    loadingMore: shown.waiting !== null && shown.waiting.at !== null,
    problem: shown.problem,
    setItems: (change) => set(key, (l) => ({ ...l, items: change(l.items) })),
  };
}
