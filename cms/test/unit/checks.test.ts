import { describe, expect, it } from 'vitest';
import { checkCatalogEntry, checkDeal, checkImage, localProblem } from '../../src/lib/checks';
import { describe as words, fieldWords } from '../../src/api/client';

const EMPTY = { title: '', link: '', price: '', brandId: '', categoryId: '', imageUrl: '', description: '' };

describe('a new deal checked before it is sent', () => {
  it('names every field at once, in plain words', () => {
    const problems = checkDeal(EMPTY, true);
    expect(Object.keys(problems)).toEqual(['title', 'link', 'price', 'brandId', 'categoryId']);
    expect(problems.brandId).toBe('Choose a brand.');
    expect(problems.title).toBe('Enter a title.');
  });
  it('passes a good deal, and refuses an http image and a price it would have to guess', () => {
    const good = { ...EMPTY, title: 'Kettle', link: 'https://shop.example.com/k', price: '12,99', brandId: 'acme', categoryId: 'tech' };
    expect(checkDeal(good, true)).toEqual({});
    expect(Object.keys(checkDeal({ ...good, imageUrl: 'http://img.example.com/a.jpg', price: '1,299' }, true))).toEqual(['price', 'imageUrl']);
  });
  it('a correction need not choose a brand', () => {
    expect(checkDeal({ ...EMPTY, title: 'K', link: 'https://s.example.com/', price: '1' }, false)).toEqual({});
  });
});

describe('images and logos', () => {
  it('are https only', () => {
    expect(checkImage('Logo URL', 'https://img.example.com/l.png')).toBeNull();
    expect(checkImage('Logo URL', 'http://img.example.com/l.png')).toMatch(/must start with https:\/\//);
    expect(checkImage('Logo URL', 'not a url')).toMatch(/web address/);
    expect(checkImage('Logo URL', '')).toBeNull();
  });
  it('a catalog entry needs a name with a letter or digit', () => {
    expect(checkCatalogEntry({ name: '&&' }).name).toMatch(/letter or digit/);
    expect(checkCatalogEntry({ name: 'Acme', logoUrl: 'http://x.example.com/a.png' })).toHaveProperty('logoUrl');
  });
});

describe('the problem a form shows', () => {
  it('puts each field at its own id and counts them once', () => {
    const p = localProblem({ title: 'Enter a title.', price: 'Enter a price.' }, (f) => `new-${f}`);
    expect(p?.fields).toEqual({ 'new-title': 'Enter a title.', 'new-price': 'Enter a price.' });
    expect(p?.message).toMatch(/^2 fields/);
    expect(localProblem({})).toBeNull();
  });
  it('reads every field the API refused, in the form\'s words', () => {
    const p = words(400, { message: 'title is required', field: 'title', errors: [
      { field: 'title', message: 'title is required' }, { field: 'brandId', message: 'brandId is required' },
      { field: 'imageUrl', message: 'imageUrl must start with https:// (an http address is not shown on secure pages)' }] });
    expect(p.fields).toEqual({ title: 'Enter a title.', brandId: 'Choose a brand.',
      imageUrl: 'Image URL must be an https:// address (http images are blocked on secure pages).' });
    expect(fieldWords('price', 'price must be from 0 to 10000000')).toBe('Price must be from 0 to 10000000');
  });
  it('names the live deal of a duplicate link, and keeps the deal as it stands on a 412', () => {
    const dup = words(409, { message: 'x', code: 'duplicate', dealId: 'a'.repeat(27), deal: { id: 'a'.repeat(27), title: 'Kettle', link: 'https://s.example.com/k' } });
    expect(dup.duplicate?.title).toBe('Kettle');
    expect(dup.message).toMatch(/“Kettle”/);
    const current = { version: 3 } as never;
    expect(words(412, { message: 'stale', code: 'stale', current }).current).toBe(current);
  });
});
