// The local sign-in: the local stack mints an unsigned editor token (POST /editor/local-sign-in). The local
// stack is never deployed, so this door does not exist in AWS.

export async function localToken(username: string, editor: boolean): Promise<string> {
  const res = await fetch(`${import.meta.env.BASE_URL}local-sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, editor }),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok || typeof body.accessToken !== 'string') {
    throw new Error(body.message ?? `The local sign-in answered ${res.status}`);
  }
  return body.accessToken;
}
