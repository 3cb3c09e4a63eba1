import { describe, expect, it } from 'vitest';
import type { EditedDeal } from '../../src/api/client';
import { changedWords } from '../../src/deals/changes';

const deal = (fields: Partial<EditedDeal>) => ({ title: 'Kettle', price: 19.99, version: 1, takenDown: false, ...fields }) as EditedDeal;

describe('changedWords', () => {
  it('names each field another editor changed, from what to what', () => {
    expect(changedWords(deal({}), deal({ price: 11.11, title: 'Steel kettle', version: 2 })))
      .toBe('Title: “Kettle” → “Steel kettle”; Price: $19.99 → $11.11');
  });
  it('names an expiry set and a takedown', () => {
    expect(changedWords(deal({}), deal({ expiresAt: '2026-12-02T20:00:00Z', takenDown: true })))
      .toBe('Expiry: none → 2026-12-02 20:00 UTC; taken down');
  });
  it('says so when nothing it shows changed', () => {
    expect(changedWords(deal({}), deal({ description: 'new', version: 2 }))).toMatch(/^nothing shown here/);
  });
});
