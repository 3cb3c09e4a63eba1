import { describe, expect, it } from 'vitest';
import { keyed, type Keyed, type KeyedEvent, nothing, shownFor } from '../../src/lib/keyed';
import { nextPage, type Pages, withPage } from '../../src/lib/paged';

type Item = { id: string };
const item = (id: string): Item => ({ id });
const ids = (s: Keyed<Pages<Item>>) => s.data?.items.map((x) => x.id) ?? null;
const id = (x: Item) => x.id;
let requests = 0;
/** Asks for the page after `after` of `key`; `answer` gives the event its answer makes (to be applied later, or never). */
function ask(s: Keyed<Pages<Item>>, key: string, after: string | null) {
  const request = ++requests;
  const asked = keyed(s, { type: 'ask', key, request, at: after });
  const answer = (items: string[], nextCursor: string | null): KeyedEvent<Pages<Item>> =>
    ({ type: 'answer', key, request, apply: (list) => withPage(list, { items: items.map(item), nextCursor }, after, id) });
  return { asked, answer };
}

describe('a paged list named by a key never shows another key\'s page', () => {
  it('pages through one list, each item once', () => {
    let s: Keyed<Pages<Item>> = nothing('all');
    const first = ask(s, 'all', null);
    s = keyed(first.asked, first.answer(['a', 'b'], 'c1'));
    expect(nextPage(s)).toBe('c1');
    const second = ask(s, 'all', 'c1');
    expect(nextPage(second.asked)).toBeNull(); // one page on its way at a time
    s = keyed(second.asked, second.answer(['b', 'c'], null)); // 'b' moved onto the next page meanwhile
    expect(ids(s)).toEqual(['a', 'b', 'c']);
    expect(s.data?.ends).toEqual([2, 3]);
    expect(nextPage(s)).toBeNull();
  });

  it('drops an older page of the previous filter that answers after the filter changed', () => {
    let s: Keyed<Pages<Item>> = nothing('all');
    const first = ask(s, 'all', null);
    s = keyed(first.asked, first.answer(['a'], 'c1'));
    const older = ask(s, 'all', 'c1');
    const brand = ask(older.asked, 'brand:x', null);
    s = keyed(brand.asked, older.answer(['stale'], 'c2'));
    expect(s.key).toBe('brand:x');
    expect(ids(s)).toBeNull();
    expect(nextPage(s)).toBeNull(); // no "Older deals" before the new filter's first page
    s = keyed(s, brand.answer(['x1'], 'x2'));
    expect(ids(s)).toEqual(['x1']);
    expect(nextPage(s)).toBe('x2');
  });

  it('lets a failed page be asked for again', () => {
    let s: Keyed<Pages<Item>> = nothing('all');
    const first = ask(s, 'all', null);
    s = keyed(first.asked, first.answer(['a'], 'c1'));
    const more = ask(s, 'all', 'c1');
    s = keyed(more.asked, { type: 'failed', key: 'all', request: requests, problem: { status: 0, message: 'offline' } });
    expect(ids(s)).toEqual(['a']);
    expect(nextPage(s)).toBe('c1');
  });

  it('keeps a list asked again on screen, offers no next page meanwhile, and drops the page asked before it', () => {
    let s: Keyed<Pages<Item>> = nothing('all');
    const first = ask(s, 'all', null);
    s = keyed(first.asked, first.answer(['a'], 'c1'));
    const more = ask(s, 'all', 'c1');
    const again = ask(more.asked, 'all', null);
    expect(ids(again.asked)).toEqual(['a']);
    expect(nextPage(again.asked)).toBeNull();
    s = keyed(again.asked, more.answer(['b'], null)); // the page asked for before the reload
    expect(ids(s)).toEqual(['a']);
    s = keyed(s, again.answer(['a2', 'a'], 'c9'));
    expect(ids(s)).toEqual(['a2', 'a']);
    expect(s.data?.ends).toEqual([2]);
  });

  it('never offers the old list\'s next page in the render before a new key or a reload is asked for', () => {
    let s: Keyed<Pages<Item>> = nothing('latest');
    const first = ask(s, 'latest', null);
    s = keyed(first.asked, { ...first.answer(['a'], 'c1') });
    const searching = shownFor(s, 'search:kettle');
    expect(ids(searching)).toBeNull();
    expect(nextPage(searching)).toBeNull();
    expect(nextPage(shownFor(s, 'latest'))).toBe('c1');
    const reloading = shownFor({ ...s, revision: 0 }, 'latest', 1);
    expect(ids(reloading)).toEqual(['a']);
    expect(nextPage(reloading)).toBeNull();
  });

  it('holds the last complete list while a reload of it is not complete', () => {
    let list = withPage<Item>(null, { items: [item('a')], nextCursor: 'c1' }, null, id);
    list = withPage(list, { items: [item('b')], nextCursor: null }, 'c1', id);
    expect(list.held).toBeNull();
    const reloading = withPage(list, { items: [item('b2')], nextCursor: 'c1' }, null, id);
    expect(reloading.held?.map(id)).toEqual(['a', 'b']);
    const further = withPage(reloading, { items: [item('c2')], nextCursor: 'c2' }, 'c1', id);
    expect(further.held?.map(id)).toEqual(['a', 'b']);
    const complete = withPage(further, { items: [item('d2')], nextCursor: null }, 'c2', id);
    expect(complete.held).toBeNull();
    expect(complete.items.map(id)).toEqual(['b2', 'c2', 'd2']);
  });
});
