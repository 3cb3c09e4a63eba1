// The limits come from docs/openapi.yaml; scripts/contract.mjs reads them, and fails by name when one is gone.
import { describe, expect, it } from 'vitest';
import { contractValues, readContract } from '../../scripts/contract.mjs';
import * as generated from '../../src/api/contract';

const doc = (price: object) => ({
  paths: { '/deals': { get: { parameters: [{ name: 'limit', schema: { default: 25, maximum: 100 } }] } } },
  components: {
    schemas: {
      Deal: { properties: { price: { minimum: 0, maximum: 10, ...price } } },
      Brand: { properties: { id: { maxLength: 64 } } },
      FeaturedIds: { properties: { dealIds: { maxItems: 20 } } },
      NewDeal: { properties: { title: { maxLength: 200 }, description: { maxLength: 2000 }, link: { maxLength: 2048 } } },
      NewBrand: { properties: { name: { maxLength: 100 } } },
    },
  },
});

describe('contract values', () => {
  it('are what src/api/contract.ts holds', () => {
    const values = Object.fromEntries(Object.entries(readContract()).map(([k, [v]]) => [k, v]));
    expect({ ...generated }).toEqual(values);
  }, 60_000); // it parses the whole of docs/openapi.yaml: seconds on a loaded CI machine, past vitest's 5 s default
  it('take decimal places from multipleOf when the document has it', () => {
    expect(contractValues(doc({ multipleOf: 0.01 })).PRICE_DECIMALS[0]).toBe(2);
    expect(contractValues(doc({ multipleOf: 0.001, description: 'At most 2 decimal places' })).PRICE_DECIMALS[0]).toBe(3);
  });
  it('else from the description', () => {
    expect(contractValues(doc({ description: 'At most 2 decimal places, e.g. 19.99' })).PRICE_DECIMALS[0]).toBe(2);
  });
  it('fail, naming what is missing', () => {
    expect(() => contractValues(doc({}))).toThrow(/no decimal places/);
    const d = doc({ multipleOf: 0.01 });
    delete (d.components.schemas as Record<string, unknown>).FeaturedIds;
    expect(() => contractValues(d)).toThrow(/components\.schemas\.FeaturedIds/);
  });
});
