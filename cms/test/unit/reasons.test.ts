import { describe, expect, it } from 'vitest';
import { countsLine, reasonWords, REASONS, total } from '../../src/reports/reasons';

const counts = { expired: 2, 'wrong-price': 1, spam: 0, duplicate: 0, other: 3 };

describe('report reasons', () => {
  it('lists the reasons with open reports, in the queue\'s order', () => {
    expect(countsLine(counts)).toBe('Expired 2 · Wrong price 1 · Other 3');
    expect(total(counts)).toBe(6);
  });

  it('has words for every reason the contract names', () => {
    expect(REASONS.map((r) => r.reason).sort()).toEqual(Object.keys(counts).sort());
    expect(reasonWords('wrong-price')).toBe('Wrong price');
  });
});
