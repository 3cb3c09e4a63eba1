// The slug rule against the same table of cases as shared/…/domain/Slug.java (SlugTest reads it too), so
// the id the CMS shows before saving is the one the API will make.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { slugOf } from '../../src/lib/slug';

const TABLE = fileURLToPath(new URL('../../../shared/src/test/resources/slug-cases.json', import.meta.url));
/** `id: null`: no id can be made, and the API refuses the name; the CMS then shows no id either (''). */
const cases: { name: string; id: string | null; why: string }[] = JSON.parse(readFileSync(TABLE, 'utf8')).cases;

describe('slugOf, against shared/src/test/resources/slug-cases.json', () => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(0));
  it.each(cases.map((c) => [c.why, c] as const))('%s', (_why, c) => {
    expect(slugOf(c.name)).toBe(c.id ?? '');
  });
});
