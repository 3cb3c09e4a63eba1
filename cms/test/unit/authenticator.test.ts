import { afterEach, describe, expect, it, vi } from 'vitest';
import { associate, grouped, hasAuthenticatorApp, otpauthUri, turnOn, verifyCode } from '../../src/session/authenticator';

describe('the key an authenticator app is shown', () => {
  it('is an otpauth URI with the product and the account, as apps scan them', () => {
    expect(otpauthUri('erin', 'ABCDEFGH')).toBe(
      'otpauth://totp/Big%20Time%20Deals%3Aerin?secret=ABCDEFGH&issuer=Big%20Time%20Deals&algorithm=SHA1&digits=6&period=30');
  });
  it('reads in groups of four', () => {
    expect(grouped('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(grouped('ABCD')).toBe('ABCD');
  });
});

describe('the user pool\'s calls', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answering = (...answers: { status: number; body: object }[]) => {
    const calls: { target: string | null; body: Record<string, unknown> }[] = [];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      calls.push({ target: new Headers(init.headers).get('X-Amz-Target'), body: JSON.parse(String(init.body)) });
      const a = answers.shift()!;
      return new Response(JSON.stringify(a.body), { status: a.status });
    }));
    return calls;
  };

  it('asks for a key with the access token', async () => {
    const calls = answering({ status: 200, body: { SecretCode: 'KEY' } });
    const r = await associate('/idp', 'tok', 'erin');
    expect(r).toEqual({ ok: true, data: { secret: 'KEY', uri: otpauthUri('erin', 'KEY') } });
    expect(calls).toEqual([{ target: 'AWSCognitoIdentityProviderService.AssociateSoftwareToken', body: { AccessToken: 'tok' } }]);
  });
  it('verifies the code, then turns the app on', async () => {
    const calls = answering({ status: 200, body: { Status: 'SUCCESS' } }, { status: 200, body: {} });
    expect(await verifyCode('/idp', 'tok', '123456')).toEqual({ ok: true, data: null });
    expect(await turnOn('/idp', 'tok')).toEqual({ ok: true, data: null });
    expect(calls.map((c) => c.target)).toEqual(['AWSCognitoIdentityProviderService.VerifySoftwareToken',
      'AWSCognitoIdentityProviderService.SetUserMFAPreference']);
    expect(calls[0].body).toEqual({ AccessToken: 'tok', UserCode: '123456', FriendlyDeviceName: 'Authenticator app' });
    expect(calls[1].body).toEqual({ AccessToken: 'tok', SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
  });
  it('says a wrong code in words', async () => {
    answering({ status: 400, body: { __type: 'EnableSoftwareTokenMFAException', message: 'Code mismatch' } });
    const r = await verifyCode('/idp', 'tok', '000000');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problem.message).toMatch(/did not match/);
  });
  it('knows an account that has an app already', async () => {
    answering({ status: 200, body: { Username: 'erin', UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] } }, { status: 200, body: { Username: 'ann' } });
    expect(await hasAuthenticatorApp('/idp', 'tok')).toEqual({ ok: true, data: true });
    expect(await hasAuthenticatorApp('/idp', 'tok')).toEqual({ ok: true, data: false });
  });
  it('names an error it has no words for', async () => {
    answering({ status: 400, body: { __type: 'com.amazonaws#SomethingNew' } });
    const r = await associate('/idp', 'tok', 'erin');
    expect(!r.ok && r.problem.message).toMatch(/SomethingNew/);
  });
});
