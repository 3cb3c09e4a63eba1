import { describe, expect, it } from 'vitest';
import { HOME, hrefOf, parseRoute, type Route } from '../../src/app/routes';

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

  it('keeps odd ids intact', () => {
    const route: Route = { page: 'featured', list: { kind: 'category', id: 'a/b c' } };
    expect(parseRoute(hrefOf(route))).toEqual(route);
  });
});
