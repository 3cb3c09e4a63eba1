import { describe, expect, it } from 'vitest';
import { CONTRACT_PRICE, readPrice } from '../../src/lib/price';

describe('readPrice', () => {
  it.each([
    ['12,99', 12.99], ['12.99', 12.99], ['12', 12], [' 7.5 ', 7.5], ['0', 0], [',5', 0.5], ['0,05', 0.05],
    ['1299', 1299], ['1299.00', 1299], ['10000000', 10_000_000], ['007', 7],
  ])('reads %j as %d', (typed, value) => {
    expect(readPrice(typed)).toEqual({ kind: 'ok', value });
  });

  it.each([
    ['1,299', /At most 2 decimal places.*leave it out \(1299\)/],
    ['12.999', /At most 2 decimal places/],
    ['1.299,00', /Thousands separators/],
    ['1,299.00', /Thousands separators/],
    ['1 299', /Thousands separators/],
    ["1'299", /Thousands separators/],
    ['12a', /Only digits/],
    ['$12', /Only digits/],
    ['1e3', /Only digits/],
    ['abc', /Only digits/],
    ['.', /Only digits/],
    ['12,', /Add the cents/],
    ['-1', /at least \$0\.00/],
    ['10000000.01', /at most \$10,000,000\.00/],
  ])('refuses %j', (typed, reason) => {
    const r = readPrice(typed);
    expect(r.kind).toBe('refused');
    expect(r.kind === 'refused' && r.reason).toMatch(reason);
  });

  it('treats blank as empty, not as zero', () => {
    expect(readPrice('')).toEqual({ kind: 'empty' });
    expect(readPrice('   ')).toEqual({ kind: 'empty' });
  });

  it('takes its rules from the contract', () => {
    expect(CONTRACT_PRICE).toEqual({ min: 0, max: 10_000_000, decimals: 2 });
    expect(readPrice('1.2345', { ...CONTRACT_PRICE, decimals: 4 })).toEqual({ kind: 'ok', value: 1.2345 });
  });
});
