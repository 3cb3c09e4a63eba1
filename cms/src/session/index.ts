// The one auth seam: who is signed in, how they sign in and out, and what happens when the API says the
// token is no longer good. The rest of the app talks to an `Auth` and never to storage, tokens or Cognito.
import { type CognitoConfig, goToCognito, isReturn, leaveCognito, returningToken } from './cognito';
import { ACCOUNT_SCOPE, isLive, type Session, sessionFrom } from './claims';
import { localToken } from './local';

export { isEditor, mayChangeAccount, type Session } from './claims';

/**
 * How this deployment signs in, from its config.json; `identityProvider` is where the user pool's own API answers
 * for the signed-in account (its authenticator app): Cognito's regional endpoint, or the local stack's stand-in.
 */
export type SignInConfig = ({ kind: 'local' } | ({ kind: 'cognito' } & CognitoConfig)) & { identityProvider?: string };

export interface Auth {
  readonly kind: SignInConfig['kind'];
  /** The signed-in user, unless the token has expired (then they sign in again; drafts are kept). */
  current(): Session | null;
  /** The bearer token for the API, or null. */
  token(): string | null;
  /** Local: signs in at once. Cognito: leaves for the managed login (the promise never settles). */
  signIn(local?: { username: string; editor: boolean }): Promise<Session>;
  /** This page load is a return from the managed login, which {@link completeSignIn} completes. */
  returning(): boolean;
  /** Back from the managed login: the new session; null when this page load is no such return. */
  completeSignIn(): Promise<Session | null>;
  /**
   * A sign-in whose token may change the account's own settings (its authenticator app), asked for only when the
   * user sets out to: Cognito: back to the managed login with that scope (the promise never settles). Locally
   * every token carries it already.
   */
  allowAccountSettings(): Promise<void>;
  /** The API answered 401: the token is forgotten. */
  ended(): void;
  signOut(): void;
}

const TOKEN_KEY = 'btd.token';

export function createAuth(config: SignInConfig): Auth {
  const store = (token: string) => {
    const session = sessionFrom(token);
    if (!session) throw new Error('The sign-in returned an unreadable token');
    sessionStorage.setItem(TOKEN_KEY, token);
    return session;
  };
  const forget = () => sessionStorage.removeItem(TOKEN_KEY);
  const current = () => {
    const token = sessionStorage.getItem(TOKEN_KEY);
    const session = token ? sessionFrom(token) : null;
    return session && isLive(session) ? session : null;
  };
  return {
    kind: config.kind,
    current,
    token: () => current()?.token ?? null,
    async signIn(local) {
      if (config.kind === 'cognito') {
        await goToCognito(config);
        return new Promise<Session>(() => {});
      }
      if (!local) throw new Error('The local sign-in needs a username');
      return store(await localToken(local.username, local.editor));
    },
    returning: () => config.kind === 'cognito' && isReturn(),
    async completeSignIn() {
      if (config.kind !== 'cognito') return null;
      const token = await returningToken(config);
      return token ? store(token) : null;
    },
    async allowAccountSettings() {
      if (config.kind !== 'cognito') return;
      await goToCognito(config, `openid ${ACCOUNT_SCOPE}`);
      return new Promise<void>(() => {});
    },
    ended: forget,
    signOut() {
      forget();
      if (config.kind === 'cognito') leaveCognito(config);
    },
  };
}
