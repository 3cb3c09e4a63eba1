// The word rule against the same table of cases as shared/…/domain/Words.java (WordsTest reads it too), so the
// words the CMS searches for and marks are the words the API matches.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { indexableWords, marked, parseWords, searchOf, wordsOf } from '../../src/lib/words';

const TABLE = fileURLToPath(new URL('../../../shared/src/test/resources/word-cases.json', import.meta.url));
const table: {
  words: { text: string; words: string[]; indexable: string[]; why: string }[];
  queries: { q: string; words: string[] | null; why: string }[];
} = JSON.parse(readFileSync(TABLE, 'utf8'));

describe('wordsOf and indexableWords, against shared/src/test/resources/word-cases.json', () => {
  it('has cases', () => expect(table.words.length).toBeGreaterThan(0));
  it.each(table.words.map((c) => [c.why, c] as const))('%s', (_why, c) => {
    expect(wordsOf(c.text)).toEqual(c.words);
    expect(indexableWords(c.text)).toEqual(c.indexable);
  });
});

describe('parseWords, against the same table', () => {
  it.each(table.queries.map((c) => [c.why, c] as const))('%s', (_why, c) => {
    expect(parseWords(c.q)).toEqual(c.words);
  });
});

describe('searchOf: what an editor typed, as a search the API accepts', () => {
  it('keeps the searchable words, each once, lowercase', () => {
    expect(searchOf('PS5, Console! ps5')).toEqual({ q: 'ps5 console', words: ['ps5', 'console'], dropped: [] });
  });
  it('leaves out words too short or too long, and past the fifth', () => {
    const s = searchOf(`a Sony's TV ${'x'.repeat(31)} one two three four`);
    expect(s.words).toEqual(['sony', 'tv', 'one', 'two', 'three']);
    expect(s.dropped).toEqual(['a', 's', 'x'.repeat(31), 'four']);
    expect(parseWords(s.q)).toEqual(s.words);
  });
  it('has nothing to search for in punctuation or single letters', () => {
    expect(searchOf(' - a / b ').q).toBe('');
  });
});

describe('marked: the words of a search in a title', () => {
  it('marks whole words in any case, never part of a word', () => {
    expect(marked('PS5, PS55 and ps5!', ['ps5'])).toEqual([
      { text: 'PS5', mark: true }, { text: ', PS55 and ', mark: false }, { text: 'ps5', mark: true }, { text: '!', mark: false },
    ]);
  });
  it('keeps the title whole when nothing matches', () => {
    expect(marked('Half-price kettle', ['toaster'])).toEqual([{ text: 'Half-price kettle', mark: false }]);
  });
  it('marks an accented word typed either way', () => {
    expect(marked('Cafe\u0301 beans', ['café']).filter((p) => p.mark).map((p) => p.text)).toEqual(['Café']);
  });
});
