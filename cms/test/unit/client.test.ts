import { describe, expect, it } from 'vitest';
import { call, describe as words } from '../../src/api/client';

describe('describe (a status in words)', () => {
  it('puts a 400 at the field the API names, in the API\'s words', () => {
    expect(words(400, { message: 'price must be from 0 to 10000000', field: 'price' }))
      .toEqual({ status: 400, message: 'price must be from 0 to 10000000', field: 'price' });
  });
  it('adds the API\'s detail to the plain words', () => {
    expect(words(409, { message: 'brand acme exists' }).message).toBe('That already exists. (brand acme exists)');
  });
  it('never shows a server\'s own message for a 5xx or a 401', () => {
    expect(words(500, { message: 'NullPointerException' }).message).toMatch(/^The API failed unexpectedly/);
    expect(words(401, { message: 'expired' }).message).toBe('Your session has ended. Sign in again; what you typed is kept.');
  });
  it('has words for no answer at all and for unknown statuses', () => {
    expect(words(0).message).toMatch(/could not be reached/);
    expect(words(418).message).toBe('The API answered 418.');
  });
});

describe('call', () => {
  it('turns a network failure into a problem, never an exception', async () => {
    const outcome = await call(Promise.reject(new TypeError('Failed to fetch')));
    expect(outcome).toEqual({ ok: false, problem: expect.objectContaining({ status: 0 }) });
  });
  it('passes data and status through', async () => {
    const outcome = await call(Promise.resolve({ data: { a: 1 }, response: new Response(null, { status: 201 }) }));
    expect(outcome).toEqual({ ok: true, data: { a: 1 }, status: 201 });
  });
});
