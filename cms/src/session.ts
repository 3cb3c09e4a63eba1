// Who is signed in, and how they sign in. Two ways, chosen by the deployment's config.json:
// - "local": the local stack mints an unsigned editor token (POST /editor/local-sign-in). The local stack is
//   never deployed, so this door does not exist in AWS.
// - "cognito": Cognito's managed login, authorization code + PKCE; the verifier never leaves this tab.

export type SignInConfig =
  | { kind: 'local' }
  | { kind: 'cognito'; domain: string; clientId: string };

export interface AppConfig {
  /** Where the API answers; '' is this origin (the local stack serves both). */
  apiUrl: string;
  signIn: SignInConfig;
}

export interface Session {
  token: string;
  username: string;
  groups: string[];
  /** Seconds since the epoch. */
  expiresAt: number;
}

const TOKEN_KEY = 'btd.token';

export async function loadConfig(): Promise<AppConfig> {
  const fallback: AppConfig = { apiUrl: import.meta.env.VITE_API_URL ?? '', signIn: { kind: 'local' } };
  try {
    const res = await fetch(`${import.meta.env.BASE_URL}config.json`, { cache: 'no-store' });
    return res.ok ? ((await res.json()) as AppConfig) : fallback;
  } catch {
    return fallback;
  }
}

/** The claims the CMS needs from an access token; null when it cannot be read. */
export function sessionFrom(token: string): Session | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const groups = json['cognito:groups'];
    return {
      token,
      username: String(json['cognito:username'] ?? json.username ?? ''),
      groups: Array.isArray(groups) ? groups.map(String) : typeof groups === 'string' ? groups.replace(/^\[|\]$/g, '').split(/[\s,]+/) : [],
      expiresAt: Number(json.exp ?? 0),
    };
  } catch {
    return null;
  }
}

/** The stored session, unless it has expired (then the editor signs in again; drafts are kept). */
export function currentSession(now = Date.now() / 1000): Session | null {
  const token = sessionStorage.getItem(TOKEN_KEY);
  const session = token ? sessionFrom(token) : null;
  return session && session.expiresAt > now ? session : null;
}

export function storeToken(token: string): Session | null {
  sessionStorage.setItem(TOKEN_KEY, token);
  return sessionFrom(token);
}

export function forgetToken() {
  sessionStorage.removeItem(TOKEN_KEY);
}

export const isEditor = (s: Session) => s.groups.includes('editors');

export async function localSignIn(username: string, editor: boolean): Promise<Session> {
  const res = await fetch(`${import.meta.env.BASE_URL}local-sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, editor }),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok || typeof body.accessToken !== 'string') {
    throw new Error(body.message ?? `The local sign-in answered ${res.status}`);
  }
  const session = storeToken(body.accessToken);
  if (!session) throw new Error('The local sign-in returned an unreadable token');
  return session;
}

// --- Cognito managed login: authorization code with PKCE (RFC 7636) ---

const VERIFIER_KEY = 'btd.pkce';
const redirectUri = () => `${location.origin}${import.meta.env.BASE_URL}`;

function base64url(bytes: Uint8Array) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function cognitoSignIn(c: { domain: string; clientId: string }) {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
  const state = base64url(crypto.getRandomValues(new Uint8Array(16)));
  // The state ties the answer to this tab's request (no login CSRF); both are used once.
  sessionStorage.setItem(VERIFIER_KEY, JSON.stringify({ verifier, state, back: location.hash }));
  const q = new URLSearchParams({
    response_type: 'code', client_id: c.clientId, redirect_uri: redirectUri(), scope: 'openid',
    code_challenge_method: 'S256', code_challenge: challenge, state,
  });
  location.assign(`${c.domain}/oauth2/authorize?${q}`);
}

/** On the way back from the managed login: trade the code for tokens. Null when this is no such return. */
export async function completeCognitoSignIn(c: { domain: string; clientId: string }): Promise<Session | null> {
  const params = new URLSearchParams(location.search);
  const code = params.get('code');
  const pending = sessionStorage.getItem(VERIFIER_KEY);
  if (!code || !pending) return null;
  sessionStorage.removeItem(VERIFIER_KEY);
  const { verifier, state, back } = JSON.parse(pending);
  history.replaceState(null, '', redirectUri() + (back ?? ''));
  if (params.get('state') !== state) throw new Error('The sign-in answer did not match this tab; please sign in again.');
  const res = await fetch(`${c.domain}/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: c.clientId, code, redirect_uri: redirectUri(), code_verifier: verifier }),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok || typeof body.access_token !== 'string') throw new Error('Cognito did not accept the sign-in; please try again.');
  return storeToken(body.access_token);
}

export function signOut(config: AppConfig) {
  forgetToken();
  if (config.signIn.kind === 'cognito') {
    const q = new URLSearchParams({ client_id: config.signIn.clientId, logout_uri: redirectUri() });
    location.assign(`${config.signIn.domain}/logout?${q}`);
  }
}
