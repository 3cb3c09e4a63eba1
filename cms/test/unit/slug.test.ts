// The slug rule against the same table of cases as shared/…/domain/Slug.java, so the id the CMS shows
// before saving is the one the API will make.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { slugOf } from '../../src/lib/slug';

const TABLE = fileURLToPath(new URL('../../../shared/src/test/resources/slug-cases.json', import.meta.url));

interface Case { name: string; id?: string | null; slug?: string | null; error?: unknown }

function cases(): Case[] {
  const doc = JSON.parse(readFileSync(TABLE, 'utf8'));
  return Array.isArray(doc) ? doc : doc.cases;
}

describe.skipIf(!existsSync(TABLE))('slugOf, against shared/src/test/resources/slug-cases.json', () => {
  it('has cases', () => expect(cases().length).toBeGreaterThan(0));
  it.each(existsSync(TABLE) ? cases().map((c) => [c.name, c] as const) : [])('%j', (_name, c) => {
    const id = c.id ?? c.slug ?? null;
    // A name the API refuses (no letter or digit) has no id: the CMS shows none either.
    expect(slugOf(c.name)).toBe(id === null || c.error !== undefined ? '' : id);
  });
});
