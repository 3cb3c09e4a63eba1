import { SLUG_MAX } from '../api/contract';

/**
 * The brand or category id the API will make from a name (shared/…/domain/Slug.java), shown before saving.
 * Checked against the same table of cases as Slug.java (test/unit/slug.test.ts). '' when the name has no
 * letter or digit, which the API refuses.
 */
export function slugOf(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase()
    .replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX).replace(/-+$/, '');
}
