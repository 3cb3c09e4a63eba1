import { describe, expect, it } from 'vitest';
import type { Deal } from '../../src/api/client';
import { canLoadMore, initialLatest, latestReducer, shownAs, type LatestEvent, type LatestState } from '../../src/deals/latest';

const deal = (id: string) => ({ id, title: id }) as Deal;
const run = (events: LatestEvent[], from: LatestState = initialLatest('all#0')) => events.reduce(latestReducer, from);
const ids = (s: LatestState) => s.deals?.map((d) => d.id) ?? null;

describe('latestReducer', () => {
  it('pages through one list', () => {
    const s = run([
      { type: 'show', key: 'all#0', keep: false },
      { type: 'page', key: 'all#0', after: null, deals: [deal('a'), deal('b')], nextCursor: 'c1' },
      { type: 'more', key: 'all#0' },
      { type: 'page', key: 'all#0', after: 'c1', deals: [deal('c')], nextCursor: null },
    ]);
    expect(ids(s)).toEqual(['a', 'b', 'c']);
    expect(s.ends).toEqual([2, 3]);
    expect(canLoadMore(s)).toBe(false);
  });

  it('drops an older page of the previous filter that answers after the filter changed', () => {
    const s = run([
      { type: 'page', key: 'all#0', after: null, deals: [deal('a')], nextCursor: 'c1' },
      { type: 'more', key: 'all#0' },
      { type: 'show', key: 'brand:x#0', keep: false },
      { type: 'page', key: 'all#0', after: 'c1', deals: [deal('stale')], nextCursor: 'c2' },
    ]);
    expect(s.key).toBe('brand:x#0');
    expect(ids(s)).toBeNull();
    expect(canLoadMore(s)).toBe(false);
  });

  it('offers no older deals until the new filter\'s first page is in', () => {
    let s = run([
      { type: 'page', key: 'all#0', after: null, deals: [deal('a')], nextCursor: 'c1' },
      { type: 'show', key: 'brand:x#0', keep: false },
    ]);
    expect(canLoadMore(s)).toBe(false);
    expect(latestReducer(s, { type: 'more', key: 'brand:x#0' })).toBe(s);
    s = latestReducer(s, { type: 'page', key: 'brand:x#0', after: null, deals: [deal('x1')], nextCursor: 'x2' });
    expect(canLoadMore(s)).toBe(true);
  });

  it('keeps a reloaded list on screen until its first page is in, without a next page', () => {
    const s = run([
      { type: 'page', key: 'all#0', after: null, deals: [deal('a')], nextCursor: 'c1' },
      { type: 'show', key: 'all#1', keep: true },
    ]);
    expect(ids(s)).toEqual(['a']);
    expect(canLoadMore(s)).toBe(false);
  });

  it('appends a page only where it follows', () => {
    const s = run([
      { type: 'page', key: 'all#0', after: null, deals: [deal('a')], nextCursor: 'c1' },
      { type: 'more', key: 'all#0' },
      { type: 'page', key: 'all#0', after: 'c1', deals: [deal('b')], nextCursor: 'c2' },
      { type: 'page', key: 'all#0', after: 'c1', deals: [deal('b')], nextCursor: 'c2' }, // the same page again
    ]);
    expect(ids(s)).toEqual(['a', 'b']);
  });

  it('lets a failed page be asked for again', () => {
    const s = run([
      { type: 'page', key: 'all#0', after: null, deals: [deal('a')], nextCursor: 'c1' },
      { type: 'more', key: 'all#0' },
      { type: 'failed', key: 'all#0' },
    ]);
    expect(canLoadMore(s)).toBe(true);
  });

  it('never shows the old list under a new name, in the render before the new list is shown', () => {
    const latest = run([{ type: 'page', key: 'latest', after: null, deals: [deal('a')], nextCursor: 'c1' }], initialLatest('latest'));
    const searching = shownAs(latest, 'search:kettle', false);
    expect(searching.key).toBe('search:kettle');
    expect(ids(searching)).toBeNull();
    expect(canLoadMore(searching)).toBe(false);
    expect(shownAs(latest, 'latest', false)).toBe(latest);
    const reloading = shownAs(latest, 'latest#1', true);
    expect(ids(reloading)).toEqual(['a']);
    expect(canLoadMore(reloading)).toBe(false);
  });
});
