import { describe, expect, it } from 'vitest';
import { isEditor, isLive, sessionFrom } from '../../src/session/claims';

const token = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.s`;

describe('sessionFrom', () => {
  it('reads a Cognito access token\'s username, groups and expiry', () => {
    const s = sessionFrom(token({ 'cognito:username': 'erin', 'cognito:groups': ['editors'], exp: 2000 }))!;
    expect(s).toMatchObject({ username: 'erin', groups: ['editors'], expiresAt: 2000 });
    expect(isEditor(s)).toBe(true);
  });
  it('reads API Gateway\'s string form of a list claim', () => {
    expect(sessionFrom(token({ username: 'ann', 'cognito:groups': '[users editors]', exp: 1 }))!.groups).toEqual(['users', 'editors']);
  });
  it('has no groups when the claim is missing', () => {
    const s = sessionFrom(token({ username: 'ann', exp: 1 }))!;
    expect(s.groups).toEqual([]);
    expect(isEditor(s)).toBe(false);
  });
  it('is null for a token it cannot read', () => {
    expect(sessionFrom('nonsense')).toBeNull();
    expect(sessionFrom('a.!!!.b')).toBeNull();
  });
  it('is live only before its expiry', () => {
    const s = sessionFrom(token({ username: 'x', exp: 100 }))!;
    expect(isLive(s, 99)).toBe(true);
    expect(isLive(s, 100)).toBe(false);
  });
});
