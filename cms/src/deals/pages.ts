import { useEffect, useReducer, useRef, useState } from 'preact/hooks';
import type { Deal, Outcome, Problem } from '../api/client';
import { canLoadMore, initialLatest, latestReducer, shownAs } from './latest';

/** One page of a list of deals: the latest of a scope, or the matches of a search. */
export type PageFetch = (cursor: string | null) => Promise<Outcome<{ deals: Deal[]; nextCursor?: string | null }>>;

/**
 * A list of deals a page at a time, named by `key`: a new key starts the list afresh and drops any page still
 * on its way for the old one ({@link latestReducer}). `keep` leaves the deals shown while the new key's first
 * page loads (a reload of the same list).
 */
export function useDealPages(key: string, fetchPage: PageFetch, keep: (previousKey: string) => boolean = () => false) {
  const [state, dispatch] = useReducer(latestReducer, key, initialLatest);
  // The problem of the list it was met on: a new list starts without the old one's.
  const [problem, setProblem] = useState<{ key: string; problem: Problem | null }>({ key, problem: null });
  const shownRef = useRef(key);

  const page = async (after: string | null) => {
    const outcome = await fetchPage(after);
    if (key !== shownRef.current) return; // asked for a list no longer shown
    setProblem({ key, problem: outcome.ok ? null : outcome.problem });
    dispatch(outcome.ok
      ? { type: 'page', key, after, deals: outcome.data.deals, nextCursor: outcome.data.nextCursor ?? null }
      : { type: 'failed', key });
  };
  useEffect(() => {
    shownRef.current = key;
    setProblem({ key, problem: null }); // a list shown again starts without the problem it had before
    dispatch({ type: 'show', key, keep: keep(state.key) });
    page(null);
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- the key names everything a page depends on
  const more = () => {
    if (!canLoadMore(state)) return;
    dispatch({ type: 'more', key });
    page(state.cursor);
  };
  const shown = shownAs(state, key, keep(state.key));
  return { state: shown, more: canLoadMore(shown) ? more : null, problem: problem.key === key ? problem.problem : null };
}
