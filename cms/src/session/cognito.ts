// Cognito's managed login: authorization code with PKCE (RFC 7636). The verifier never leaves this tab.

export interface CognitoConfig { domain: string; clientId: string }

const PENDING_KEY = 'btd.pkce';
/** How long the code's exchange for a token may take before the sign-in is given up as failed. */
const TOKEN_TIMEOUT_MS = 15_000;
const redirectUri = () => `${location.origin}${import.meta.env.BASE_URL}`;

function base64url(bytes: Uint8Array) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Off to the managed login; it comes back to this app with a code (see `returningToken`). `scope` beyond OpenID's
 * only when asked: a CMS session's token cannot change its own account unless the account's owner set out to.
 */
export async function goToCognito(c: CognitoConfig, scope = 'openid') {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
  const state = base64url(crypto.getRandomValues(new Uint8Array(16)));
  // The state ties the answer to this tab's request (no login CSRF); both are used once.
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ verifier, state, back: location.hash }));
  const q = new URLSearchParams({
    response_type: 'code', client_id: c.clientId, redirect_uri: redirectUri(), scope,
    code_challenge_method: 'S256', code_challenge: challenge, state,
  });
  location.assign(`${c.domain}/oauth2/authorize?${q}`);
}

/** This page load comes back from a managed login this tab set out for: a code, and the tab's own request for one. */
export const isReturn = () => new URLSearchParams(location.search).has('code') && sessionStorage.getItem(PENDING_KEY) !== null;

/** On the way back from the managed login: the code traded for an access token. Null when this is no such return. */
export async function returningToken(c: CognitoConfig): Promise<string | null> {
  const params = new URLSearchParams(location.search);
  const code = params.get('code');
  const pending = sessionStorage.getItem(PENDING_KEY);
  if (!code || !pending) return null;
  sessionStorage.removeItem(PENDING_KEY);
  const { verifier, state, back } = JSON.parse(pending);
  history.replaceState(null, '', redirectUri() + (back ?? ''));
  if (params.get('state') !== state) throw new Error('The sign-in answer did not match this tab; please sign in again.');
  const res = await fetch(`${c.domain}/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: c.clientId, code, redirect_uri: redirectUri(), code_verifier: verifier }),
    // The shell says "Signing in…" until this settles: a token endpoint that never answers must not hold it there.
    signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
  }).catch(() => { throw new Error('Cognito did not answer the sign-in; please try again.'); });
  const body = await res.json().catch(() => ({}));
  if (!res.ok || typeof body.access_token !== 'string') throw new Error('Cognito did not accept the sign-in; please try again.');
  return body.access_token;
}

/** Ends the managed login's own session too, then comes back to the sign-in. */
export function leaveCognito(c: CognitoConfig) {
  const q = new URLSearchParams({ client_id: c.clientId, logout_uri: redirectUri() });
  location.assign(`${c.domain}/logout?${q}`);
}
