import { describe, expect, it } from 'vitest';
import { ownDrafts } from '../../src/lib/draft';

/** sessionStorage's interface over a Map, in the order keys were set. */
function storage(entries: Record<string, string> = {}): Storage {
  const m = new Map(Object.entries(entries));
  return {
    get length() { return m.size; },
    key: (i: number) => [...m.keys()][i] ?? null,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => { m.set(k, v); },
    removeItem: (k: string) => { m.delete(k); },
    clear: () => m.clear(),
  };
}

describe('ownDrafts', () => {
  it('keeps the drafts of the editor who signs in again', () => {
    const s = storage({ 'btd.drafts.owner': 'ana', 'btd.draft.blast': '{"dealId":"d1"}' });
    ownDrafts(s, 'ana');
    expect(s.getItem('btd.draft.blast')).toBe('{"dealId":"d1"}');
  });

  it('drops every draft when another user signs in on the tab, and nothing else', () => {
    const s = storage({
      'btd.drafts.owner': 'ana', 'btd.draft.blast': '{"dealId":"d1"}', 'btd.draft.correct.d2': '{"title":"x"}',
      'btd.draft.featured.frontpage': '{"deals":[]}', 'btd.token': 't',
    });
    ownDrafts(s, 'ben');
    expect([...Array(s.length).keys()].map((i) => s.key(i)).sort()).toEqual(['btd.drafts.owner', 'btd.token']);
    expect(s.getItem('btd.drafts.owner')).toBe('ben');
  });

  it('takes drafts with no owner for the first user to sign in, who is the one who typed them', () => {
    const s = storage({ 'btd.draft.new-deal': '{"title":"kettle"}' });
    ownDrafts(s, 'ana');
    expect(s.getItem('btd.draft.new-deal')).toBe('{"title":"kettle"}');
    expect(s.getItem('btd.drafts.owner')).toBe('ana');
  });
});
