import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST, HOME, hrefOf, PAGES_MAX, parseRoute, type ListView, type Route } from '../../src/app/routes';

const ID = '2vQ3pNcGKzTtLQ0mRzWmXkYl0aB';

describe('routes', () => {
  it.each<[string, Route]>([
    ['#/deals', { page: 'deals', open: { kind: 'none' } }],
    ['#/deals/new', { page: 'deals', open: { kind: 'new' } }],
    [`#/deals/${ID}`, { page: 'deals', open: { kind: 'deal', id: ID } }],
    ['#/brands', { page: 'brands' }],
    ['#/featured/frontpage', { page: 'featured', list: { kind: 'frontpage' } }],
    ['#/featured/editors-choice', { page: 'featured', list: { kind: 'editors-choice' } }],
    ['#/featured/category/food-drink', { page: 'featured', list: { kind: 'category', id: 'food-drink' } }],
    ['#/blast', { page: 'blast' }],
    [`#/blast/${ID}`, { page: 'blast', blastId: ID }],
    ['#/reports', { page: 'reports' }],
  ])('%s is a place, and its own address', (hash, route) => {
    expect(parseRoute(hash)).toEqual(route);
    expect(hrefOf(route)).toBe(hash);
  });

  it.each(['', '#', '#/', '#/nowhere', '#main'])('%j is the deals list', (hash) => {
    expect(parseRoute(hash)).toEqual(HOME);
  });

  it('reads the featured page without a list as the front page', () => {
    expect(parseRoute('#/featured')).toEqual({ page: 'featured', list: { kind: 'frontpage' } });
  });

  it.each<[string, ListView]>([
    ['#/deals?show=brand%3Aacme&q=kettle&sort=price&page=3', { show: 'brand:acme', q: 'kettle', sort: 'price', page: 3 }],
    ['#/deals?page=2', { ...DEFAULT_LIST, page: 2 }],
    ['#/deals?sort=temperature', { ...DEFAULT_LIST, sort: 'temperature' }],
  ])('%s keeps the list\'s filter, search, order and page in its address', (hash, list) => {
    const route = parseRoute(hash);
    expect(route).toEqual({ page: 'deals', open: { kind: 'none' }, list });
    expect(hrefOf(route)).toBe(hash);
  });

  it.each([['0', 1], ['-2', 1], ['two', 1], ['1e3', 1], ['99999', 1], [String(PAGES_MAX + 5), PAGES_MAX]])('reads page=%s as page %i', (page, n) => {
    const route = parseRoute(`#/deals?page=${page}`);
    expect(route.page === 'deals' && route.list?.page).toBe(n);
  });

  it('keeps odd ids intact', () => {
    const route: Route = { page: 'featured', list: { kind: 'category', id: 'a/b c' } };
    expect(parseRoute(hrefOf(route))).toEqual(route);
  });
});
