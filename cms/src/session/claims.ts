// What the CMS reads from an access token. It does not check the signature: the API does (the JWT
// authorizer in AWS, the local stack's stand-in locally). This only decides what to show.

/** The Cognito group whose members may use the CMS routes (docs/openapi.yaml: "needs the group editors"). */
export const EDITORS_GROUP = 'editors';

export interface Session {
  token: string;
  username: string;
  groups: string[];
  /** The OAuth scopes the token carries ("scope", space-separated). */
  scopes: string[];
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** The claims the CMS needs from an access token; null when it cannot be read. */
export function sessionFrom(token: string): Session | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return {
      token,
      username: String(json['cognito:username'] ?? json.username ?? ''),
      groups: groupsOf(json['cognito:groups']),
      scopes: typeof json.scope === 'string' ? json.scope.split(' ').filter(Boolean) : [],
      expiresAt: Number(json.exp ?? 0),
    };
  } catch {
    return null;
  }
}

/** A JSON array, or API Gateway's string form of a list claim: "[editors users]". */
function groupsOf(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.map(String);
  if (typeof claim === 'string') return claim.replace(/^\[|\]$/g, '').split(/[\s,]+/).filter(Boolean);
  return [];
}

export const isEditor = (s: Session) => s.groups.includes(EDITORS_GROUP);

/** The scope that lets a token change its own account's settings (its authenticator app) in Cognito's API. */
export const ACCOUNT_SCOPE = 'aws.cognito.signin.user.admin';

/** May this session's token change its own account's settings? */
export const mayChangeAccount = (s: Session) => s.scopes.includes(ACCOUNT_SCOPE);

/** Still good at `now` (seconds since the epoch)? */
export const isLive = (s: Session, now = Date.now() / 1000) => s.expiresAt > now;
