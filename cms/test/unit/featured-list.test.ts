import { describe, expect, it } from 'vitest';
import type { Deal } from '../../src/api/client';
import { FEATURED_MAX } from '../../src/api/contract';
import { moved, refusal, sameOrder } from '../../src/featured/list';

const deal = (id: string, expired = false) => ({ id, title: `Deal ${id}`, expired }) as Deal;
const list = (n: number) => Array.from({ length: n }, (_, i) => deal(`d${i}`));

describe('featured list rules', () => {
  it('takes a new, live deal while there is room', () => {
    expect(refusal(list(2), deal('new'))).toBeNull();
  });
  it('refuses a deal already in it, an expired deal, and one past the contract\'s maximum', () => {
    expect(refusal(list(2), deal('d1'))).toMatch(/already in the list/);
    expect(refusal(list(2), deal('old', true))).toMatch(/expired/);
    expect(refusal(list(FEATURED_MAX), deal('new'))).toMatch(new RegExp(`at most ${FEATURED_MAX} deals`));
    expect(refusal(list(FEATURED_MAX - 1), deal('new'))).toBeNull();
  });
  it('moves a deal, and refuses moves that are none', () => {
    const l = list(3);
    expect(moved(l, 2, 0)?.map((d) => d.id)).toEqual(['d2', 'd0', 'd1']);
    expect(moved(l, 0, 1)?.map((d) => d.id)).toEqual(['d1', 'd0', 'd2']);
    expect(moved(l, 0, -1)).toBeNull();
    expect(moved(l, 2, 3)).toBeNull();
    expect(moved(l, 1, 1)).toBeNull();
    expect(l.map((d) => d.id)).toEqual(['d0', 'd1', 'd2']);
  });
  it('compares order by id', () => {
    expect(sameOrder(list(2), list(2))).toBe(true);
    expect(sameOrder(list(2), [deal('d1'), deal('d0')])).toBe(false);
  });
});
