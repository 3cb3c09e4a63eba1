import { useState } from 'preact/hooks';
import { call, type Api, type Deal, type Problem } from '../api/client';
import { type PageFetch, pageOf } from '../lib/paged';
import { searchOf, SEARCH_MAX_WORDS, WORD_MAX, WORD_MIN, type Search } from '../lib/words';

/** A deal's identity in a paged list (a deal that comes again on a later page shows once). */
export const dealId = (d: Deal) => d.id;

/** The page of a search, as every list that searches asks for it (`limit`: the API's default unless given). */
export const searchPages = (api: Api, search: Search, limit?: number): PageFetch<Deal> => async (cursor) => pageOf(
  await call(api.GET('/search', { params: { query: { q: search.q, ...(cursor ? { cursor } : {}), ...(limit ? { limit } : {}) } } })),
  (d) => d.deals);

/**
 * A search box for deal titles, as the API searches them: whole words, any case, every word in the title. What was
 * typed becomes the words the API can look for (its first five of 2 to 30 letters or digits); the box says which
 * those are and what it had to leave out, and refuses a search with no such word rather than sending it.
 */
export function SearchBox({ id, label, active, onSearch, onClear }: {
  id: string; label: string; active: Search | null; onSearch: (s: Search) => void; onClear: () => void;
}) {
  const [typed, setTyped] = useState(active?.q ?? '');
  const [problem, setProblem] = useState<Problem | null>(null);
  const hint = `Whole words of ${WORD_MIN} to ${WORD_MAX} letters or digits, up to ${SEARCH_MAX_WORDS}; every one must be in the title`;
  return (
    <div class="search">
      <form role="search" class="inline" aria-label={label} onSubmit={(e) => {
        e.preventDefault();
        const s = searchOf(typed);
        if (!s.q) {
          setProblem({ status: 400, message: `Type a word of ${WORD_MIN} to ${WORD_MAX} letters or digits to search for.`, field: id, local: true });
          return;
        }
        setProblem(null);
        onSearch(s);
      }}>
        <div class="field">
          <label for={id}>{label}</label>
          <input id={id} name={id} type="search" value={typed} aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
            aria-invalid={problem ? true : undefined}
            onInput={(e) => { setTyped(e.currentTarget.value); setProblem(null); }} />
          <small id={`${id}-hint`}>{hint}</small>
          {problem && <p class="field-error" id={`${id}-error`} role="alert">{problem.message}</p>}
        </div>
        <button type="submit">Search</button>
        {active && <button type="button" onClick={() => { setTyped(''); setProblem(null); onClear(); }}>Clear search</button>}
      </form>
      {active && (
        <p class="searching" role="status">
          Titles holding {active.words.map((w, i) => <>{i > 0 ? ' and ' : ''}<mark>{w}</mark></>)}
          {active.dropped.length > 0 && <> (not searched for: {active.dropped.join(', ')})</>}
        </p>
      )}
    </div>
  );
}
