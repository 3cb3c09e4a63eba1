import { useEffect, useState } from 'preact/hooks';

/**
 * What an editor typed into a form, kept in sessionStorage under the form's name until it is saved or
 * discarded: an expired session (401 → sign-in), a network failure or a reload never loses it.
 *
 * The draft follows `baseline` (the saved state: an empty form, or the deal as the API has it) until the
 * editor changes something; from then on it holds the edits, and `dirty` says they differ from the baseline.
 */
export function useDraft<T extends object>(name: string, baseline: T) {
  const key = `${DRAFT_PREFIX}${name}`;
  const [edited, setEdited] = useState<Partial<T> | null>(() => read<Partial<T>>(key));
  const value = edited ? { ...baseline, ...edited } : baseline;
  const dirty = edited !== null && !same(value, baseline);
  useEffect(() => {
    if (dirty) sessionStorage.setItem(key, JSON.stringify(edited));
    else sessionStorage.removeItem(key);
  }, [key, dirty, JSON.stringify(edited)]); // eslint-disable-line react-hooks/exhaustive-deps -- the edits' content, not their identity
  return {
    value,
    dirty,
    // Only the fields the editor touched are kept: the rest follow the baseline (a deal corrected elsewhere).
    update: (patch: Partial<T>) => setEdited((e) => ({ ...e, ...patch })),
    /** Back to the baseline: after a save, or when the editor discards the edits. */
    reset: () => {
      sessionStorage.removeItem(key);
      setEdited(null);
    },
  };
}

const DRAFT_PREFIX = 'btd.draft.';
const OWNER_KEY = 'btd.drafts.owner';

/**
 * Drafts belong to the editor who typed them: called whenever someone signs in, before any page reads a draft. Another
 * user signing in on the same tab (the first one's session expired) starts with no drafts, rather than finding the
 * first editor's blast or correction ready to send under their own name. The same user signing in again keeps them.
 */
export function ownDrafts(storage: Storage, username: string) {
  const owner = storage.getItem(OWNER_KEY);
  if (owner === username) return;
  // Drafts kept before their owner was recorded were typed in this tab's last session: its editor's, taken as theirs.
  if (owner === null) {
    storage.setItem(OWNER_KEY, username);
    return;
  }
  const drafts: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(DRAFT_PREFIX)) drafts.push(key);
  }
  drafts.forEach((key) => storage.removeItem(key));
  storage.setItem(OWNER_KEY, username);
}

function read<T>(key: string): T | null {
  try {
    const kept = sessionStorage.getItem(key);
    return kept ? (JSON.parse(kept) as T) : null;
  } catch {
    return null;
  }
}

const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);
