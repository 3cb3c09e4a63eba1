// An authenticator app (TOTP) for the signed-in account, registered through the user pool's own API with the
// account's access token: Cognito's GetUser (is one on already?), AssociateSoftwareToken, VerifySoftwareToken, then
// SetUserMFAPreference. From the next sign-in Cognito asks for a code, and an editor's token carries the editors
// group (which the pool's trigger lets into a token only with an authenticator app on). The token must carry the
// aws.cognito.signin.user.admin scope, asked for only for this (Auth.allowAccountSettings). Locally the local stack
// answers the same calls.

import type { Problem } from '../api/client';

/** What the app is shown: the key, and the otpauth URI its QR code holds. */
export interface Enrolment {
  secret: string;
  uri: string;
}

/** The product's name in the authenticator app's list, beside the account's. */
const ISSUER = 'Big Time Deals';

export type Outcome<T> = { ok: true; data: T } | { ok: false; problem: Problem };

const WORDS: Record<string, string> = {
  CodeMismatchException: 'That code did not match. Enter the code the app shows now (it changes every 30 seconds).',
  EnableSoftwareTokenMFAException: 'That code did not match. Enter the code the app shows now (it changes every 30 seconds).',
  NotAuthorizedException: 'Your sign-in does not allow changing this account. Sign out, sign in again, and start over.',
  TooManyRequestsException: 'Too many attempts just now. Wait a moment and try again.',
  LimitExceededException: 'Too many attempts just now. Wait a moment and try again.',
};

async function call<T>(endpoint: string, token: string, operation: string, body: Record<string, unknown>): Promise<Outcome<T>> {
  try {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}` },
      body: JSON.stringify({ AccessToken: token, ...body }),
    });
    const answer = await res.json().catch(() => ({}));
    if (res.ok) return { ok: true, data: answer as T };
    // The error's type is its name, sometimes after a namespace and a '#'.
    const type = String(answer.__type ?? '').split('#').pop() ?? '';
    return { ok: false, problem: { status: res.status, message: WORDS[type] ?? `Cognito did not accept it (${type || res.status}). Try again.` } };
  } catch {
    return { ok: false, problem: { status: 0, message: 'Cognito could not be reached. Check the connection and try again.' } };
  }
}

/** The key an app is set up with, in the form authenticator apps scan. */
export function otpauthUri(username: string, secret: string) {
  const label = encodeURIComponent(`${ISSUER}:${username}`);
  return `otpauth://totp/${label}?secret=${encodeURIComponent(secret)}&issuer=${encodeURIComponent(ISSUER)}&algorithm=SHA1&digits=6&period=30`;
}

/** The key in groups of four, as a person types it into an app that cannot scan. */
export const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Step 1: a new key for the account (it replaces one not yet verified). */
export async function associate(endpoint: string, token: string, username: string): Promise<Outcome<Enrolment>> {
  const r = await call<{ SecretCode?: string }>(endpoint, token, 'AssociateSoftwareToken', {});
  if (!r.ok) return r;
  if (!r.data.SecretCode) return { ok: false, problem: { status: 0, message: 'Cognito gave no key. Try again.' } };
  return { ok: true, data: { secret: r.data.SecretCode, uri: otpauthUri(username, r.data.SecretCode) } };
}

/** Whether the account has an authenticator app turned on already (Cognito's GetUser). */
export async function hasAuthenticatorApp(endpoint: string, token: string): Promise<Outcome<boolean>> {
  const r = await call<{ UserMFASettingList?: string[] }>(endpoint, token, 'GetUser', {});
  return r.ok ? { ok: true, data: (r.data.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA') } : r;
}

/** Step 2: a code from the app proves it holds the key (the app's key replaces any earlier one). */
export async function verifyCode(endpoint: string, token: string, code: string): Promise<Outcome<null>> {
  const checked = await call<{ Status?: string }>(endpoint, token, 'VerifySoftwareToken', { UserCode: code, FriendlyDeviceName: 'Authenticator app' });
  if (!checked.ok) return checked;
  return checked.data.Status === 'SUCCESS' ? { ok: true, data: null }
    : { ok: false, problem: { status: 400, message: WORDS.CodeMismatchException } };
}

/** Step 3: TOTP on for the account's sign-ins; safe to repeat when it failed after step 2 succeeded. */
export async function turnOn(endpoint: string, token: string): Promise<Outcome<null>> {
  const r = await call<unknown>(endpoint, token, 'SetUserMFAPreference', { SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
  return r.ok ? { ok: true, data: null } : r;
}
