import { describe, expect, it } from 'vitest';
import type { Problem } from '../../src/api/client';
import { keyed, type Keyed, type KeyedEvent, many, nothing, shownFor } from '../../src/lib/keyed';

const run = <T>(events: KeyedEvent<T>[], from: Keyed<T> = nothing('a')) => events.reduce(keyed<T>, from);
const value = (v: string) => () => v;
const oops: Problem = { status: 503, message: 'busy' };

describe('keyed: an answer is applied only if it is for the key shown and its latest request', () => {
  it('applies the answer to the key shown', () => {
    const s = run<string>([
      { type: 'ask', key: 'a', request: 1, at: null },
      { type: 'answer', key: 'a', request: 1, apply: value('A') },
    ]);
    expect(s).toEqual({ key: 'a', data: 'A', problem: null, waiting: null });
  });

  it('drops a late answer for another key', () => {
    const asked = run<string>([
      { type: 'ask', key: 'a', request: 1, at: null },
      { type: 'ask', key: 'b', request: 2, at: null },
    ]);
    const s = keyed(asked, { type: 'answer', key: 'a', request: 1, apply: value('A') });
    expect(s).toBe(asked);
    expect(s.data).toBeNull();
    expect(keyed(s, { type: 'answer', key: 'b', request: 2, apply: value('B') }).data).toBe('B');
  });

  it('drops an error for an old key: the key shown keeps no problem of another', () => {
    const asked = run<string>([
      { type: 'ask', key: 'a', request: 1, at: null },
      { type: 'ask', key: 'b', request: 2, at: null },
    ]);
    expect(keyed(asked, { type: 'failed', key: 'a', request: 1, problem: oops })).toBe(asked);
    expect(keyed(asked, { type: 'failed', key: 'b', request: 2, problem: oops }).problem).toBe(oops);
  });

  it('starts another key with nothing, not the last key\'s data or problem', () => {
    const s = run<string>([
      { type: 'ask', key: 'a', request: 1, at: null },
      { type: 'failed', key: 'a', request: 1, problem: oops },
      { type: 'ask', key: 'b', request: 2, at: null },
    ]);
    expect(s.data).toBeNull();
    expect(s.problem).toBeNull();
    // A key shown again starts afresh too (a list shown again starts without the problem it had before).
    expect(keyed(s, { type: 'show', key: 'a' })).toEqual(nothing('a'));
  });

  it('refetches the same key: data kept until the fresh answer, the earlier request\'s answer dropped', () => {
    const shown = run<string>([
      { type: 'ask', key: 'a', request: 1, at: null },
      { type: 'answer', key: 'a', request: 1, apply: value('A1') },
      { type: 'ask', key: 'a', request: 2, at: null },
      { type: 'ask', key: 'a', request: 3, at: null },
    ]);
    expect(shown.data).toBe('A1');
    expect(shown.waiting?.request).toBe(3);
    const late = keyed(shown, { type: 'answer', key: 'a', request: 2, apply: value('A2') });
    expect(late).toBe(shown);
    const fresh = keyed(late, { type: 'answer', key: 'a', request: 3, apply: value('A3') });
    expect(fresh.data).toBe('A3');
    expect(fresh.waiting).toBeNull();
    // Its answer is in: the same request answering twice changes nothing more.
    expect(keyed(fresh, { type: 'answer', key: 'a', request: 3, apply: value('again') })).toBe(fresh);
  });

  it('keeps the data through a failed refetch, and clears the problem at the next answer', () => {
    const s = run<string>([
      { type: 'ask', key: 'a', request: 1, at: null },
      { type: 'answer', key: 'a', request: 1, apply: value('A') },
      { type: 'ask', key: 'a', request: 2, at: null },
      { type: 'failed', key: 'a', request: 2, problem: oops },
    ]);
    expect(s).toMatchObject({ data: 'A', problem: oops, waiting: null });
    expect(run<string>([{ type: 'ask', key: 'a', request: 3, at: null }, { type: 'answer', key: 'a', request: 3, apply: value('B') }], s))
      .toMatchObject({ data: 'B', problem: null });
  });

  it('applies a change made here to the key shown only, once its data is in', () => {
    const s = run<string>([
      { type: 'ask', key: 'a', request: 1, at: null },
      { type: 'answer', key: 'a', request: 1, apply: value('A') },
    ]);
    expect(keyed(s, { type: 'set', key: 'a', change: (d) => `${d}!` }).data).toBe('A!');
    expect(keyed(s, { type: 'set', key: 'b', change: (d) => `${d}!` })).toBe(s);
    const loading = run<string>([{ type: 'ask', key: 'a', request: 1, at: null }]);
    expect(keyed(loading, { type: 'set', key: 'a', change: (d) => `${d}!` })).toBe(loading);
  });

  it('lets what is known now supersede a request on its way', () => {
    const s = run<string>([
      { type: 'ask', key: 'a', request: 1, at: null },
      { type: 'put', key: 'a', data: 'now' },
      { type: 'answer', key: 'a', request: 1, apply: value('older') },
    ]);
    expect(s.data).toBe('now');
  });

  it('hands the answer what the key had (a page appended), not what another key had', () => {
    const s = run<string[]>([
      { type: 'ask', key: 'a', request: 1, at: null },
      { type: 'answer', key: 'a', request: 1, apply: () => ['a1'] },
      { type: 'ask', key: 'a', request: 2, at: 'c1' },
      { type: 'answer', key: 'a', request: 2, apply: (d) => [...(d ?? []), 'a2'] },
    ], nothing('a'));
    expect(s.data).toEqual(['a1', 'a2']);
  });
});

describe('shownFor: the render before the effect that asks', () => {
  const a = run<string>([
    { type: 'ask', key: 'a', request: 1, at: null, revision: 0 },
    { type: 'answer', key: 'a', request: 1, apply: value('A') },
  ]);

  it('shows nothing of another key, and waits for it', () => {
    const b = shownFor(a, 'b', 0);
    expect(b.key).toBe('b');
    expect(b.data).toBeNull();
    expect(b.waiting).not.toBeNull();
  });

  it('shows the same key as it is', () => {
    expect(shownFor(a, 'a', 0)).toBe(a);
    expect(shownFor(a, 'a')).toBe(a);
  });

  it('keeps a new revision\'s data but waits already, and no answer is taken for that wait', () => {
    const again = shownFor(a, 'a', 1);
    expect(again.data).toBe('A');
    expect(again.waiting).not.toBeNull();
    expect(keyed(again, { type: 'answer', key: 'a', request: 0, apply: value('x') })).toBe(again);
  });
});

describe('many: keys side by side, each by the same rule', () => {
  it('keeps each key\'s answer to itself and drops one for a key dropped', () => {
    let s = [
      { type: 'ask', key: 'd1', request: 1, at: null },
      { type: 'ask', key: 'd2', request: 2, at: null },
      { type: 'answer', key: 'd2', request: 2, apply: value('two') },
      { type: 'drop', key: 'd1' },
    ].reduce((m, e) => many<string>(m, e as never), {} as Record<string, Keyed<string>>);
    expect(Object.keys(s)).toEqual(['d2']);
    const after = many(s, { type: 'answer', key: 'd1', request: 1, apply: value('one') });
    expect(after).toBe(s);
    s = many(s, { type: 'drop' });
    expect(s).toEqual({});
  });

  it('drops the first read of a key asked again', () => {
    const s = [
      { type: 'ask', key: 'd1', request: 1, at: null },
      { type: 'ask', key: 'd1', request: 2, at: null },
      { type: 'answer', key: 'd1', request: 1, apply: value('first') },
    ].reduce((m, e) => many<string>(m, e as never), {} as Record<string, Keyed<string>>);
    expect(s.d1.data).toBeNull();
    expect(many(s, { type: 'answer', key: 'd1', request: 2, apply: value('second') }).d1.data).toBe('second');
  });
});
