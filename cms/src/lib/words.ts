/**
 * What a word is, as the API has it (shared/…/domain/Words.java): a maximal run of Unicode letters and digits with
 * the combining marks that follow them, in composed form (NFC), lowercased without a locale. Deal search matches
 * whole words of a title, so the CMS turns what an editor types into the words the API will look for, and marks
 * them in the titles it lists. Tested against the same table of cases as Words.java
 * (shared/src/test/resources/word-cases.json).
 */

/** The contract's bounds on a search word, in letters and digits, and on the words of one search. */
export const WORD_MIN = 2;
export const WORD_MAX = 30;
export const SEARCH_MAX_WORDS = 5;
/** Longer text is refused before it is looked at, as the API does: 5 words of 30 and the spaces between (in UTF-16 units). */
const MAX_TEXT = SEARCH_MAX_WORDS * (WORD_MAX + 1) * 2;

// Default-ignorable letters (the Hangul fillers) start no word, and default-ignorable marks (variation selectors, the
// combining grapheme joiner) continue none: they show nothing (Words.PATTERN).
const IGNORABLE_LETTER = '\\u115F\\u1160\\u3164\\uFFA0';
const IGNORABLE_MARK = '\\u034F\\u17B4\\u17B5\\u180B-\\u180F\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}';
const WORD_SOURCE = `(?:(?![${IGNORABLE_LETTER}])[\\p{L}\\p{Nd}])(?:(?![${IGNORABLE_LETTER}${IGNORABLE_MARK}])[\\p{L}\\p{Nd}\\p{M}])*`;
const WORD = new RegExp(WORD_SOURCE, 'gu'); // eslint-disable-line no-misleading-character-class -- lone code points, none meant combined
const ONE_WORD = new RegExp(`^${WORD_SOURCE}$`, 'u'); // eslint-disable-line no-misleading-character-class -- as WORD

const lower = (word: string): string => word.toLowerCase().normalize('NFC');
const codePoints = (s: string): number => [...s].length;
const askable = (word: string): boolean => codePoints(word) >= WORD_MIN && codePoints(word) <= WORD_MAX;

/** Every word of `text`, in order, lowercased, repeats included. */
export function wordsOf(text: string): string[] {
  return [...text.normalize('NFC').matchAll(WORD)].map((m) => lower(m[0]));
}

/** The distinct words of 2 to 30 letters or digits, in code-point order: what the API indexes and matches. */
export function indexableWords(text: string): string[] {
  return [...new Set(wordsOf(text).filter(askable))].sort();
}

/**
 * The API's rule for keywords and `q`: 1 to 5 words separated by spaces, each 2 to 30 letters or digits; the
 * words, lowercase and each once, or null when the API would refuse it.
 */
export function parseWords(text: string): string[] | null {
  if (text.length > MAX_TEXT) return null;
  // Spaces only: trim() would also drop tabs, line breaks and other Unicode spaces, which the API refuses.
  const tokens = text.replace(/^ +| +$/g, '').split(/ +/);
  if (tokens.length > SEARCH_MAX_WORDS || tokens[0] === '') {
    return null;
  }
  const words: string[] = [];
  for (const token of tokens) {
    const composed = token.normalize('NFC');
    if (!ONE_WORD.test(composed)) {
      return null;
    }
    const word = lower(composed);
    if (!askable(word)) {
      return null;
    }
    if (!words.includes(word)) {
      words.push(word);
    }
  }
  return words;
}

/** What an editor typed, as a search: its first five distinct searchable words, and the words it had to leave out. */
export interface Search {
  /** The `q` to send; '' when nothing typed can be searched for. */
  q: string;
  words: string[];
  /** Typed words the API cannot search for (one letter, more than 30) or beyond the fifth. */
  dropped: string[];
}

export function searchOf(typed: string): Search {
  const words: string[] = [];
  const dropped: string[] = [];
  for (const word of wordsOf(typed)) {
    if (words.includes(word)) {
      continue;
    }
    if (askable(word) && words.length < SEARCH_MAX_WORDS) {
      words.push(word);
    } else if (!dropped.includes(word)) {
      dropped.push(word);
    }
  }
  return { q: words.join(' '), words, dropped };
}

/** A title in pieces, the words of a search marked: how a list shows why a deal matched. */
export function marked(title: string, words: string[]): { text: string; mark: boolean }[] {
  const text = title.normalize('NFC');
  const pieces: { text: string; mark: boolean }[] = [];
  let at = 0;
  for (const m of text.matchAll(WORD)) {
    if (words.includes(lower(m[0]))) {
      if (m.index > at) pieces.push({ text: text.slice(at, m.index), mark: false });
      pieces.push({ text: m[0], mark: true });
      at = m.index + m[0].length;
    }
  }
  if (at < text.length) pieces.push({ text: text.slice(at), mark: false });
  return pieces;
}
