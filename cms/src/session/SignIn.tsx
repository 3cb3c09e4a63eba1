import { useState } from 'preact/hooks';
import { useAction } from '../lib/action';
import { Field } from '../ui/Field';
import { ProblemBanner } from '../ui/messages';
import type { Auth, Session } from '.';

export function SignIn({ auth, expired, onSignedIn }: { auth: Auth; expired: boolean; onSignedIn: (s: Session) => void }) {
  const [username, setUsername] = useState('erin');
  const [editor, setEditor] = useState(true);
  const action = useAction();
  const { problem, busy } = action;
  // The session goes on (onSignedIn) only for the sign-in still current when it answers (useAction's rule).
  const signIn = (local?: { username: string; editor: boolean }) => action.run(async () => {
    try {
      const session = await auth.signIn(local);
      return { after: () => onSignedIn(session) };
    } catch (err) {
      return { problem: { status: 0, message: (err as Error).message } };
    }
  });

  return (
    <section class="sign-in" aria-labelledby="sign-in-h">
      <h1 id="sign-in-h">Big Time Deals · Editors</h1>
      {expired && <p class="problem" role="alert">Your session has ended. Sign in again; what you typed is kept.</p>}
      {auth.kind === 'cognito' ? (
        <button type="button" class="primary" disabled={busy} onClick={() => signIn()}>Sign in</button>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); signIn({ username: username.trim(), editor }); }}>
          <p class="local-banner" role="note">
            <strong>Local sign-in.</strong> This door exists only on the local stack on your machine: it mints an
            unsigned token for any name. The deployed CMS signs in through Cognito.
          </p>
          <Field id="username" label="Username" value={username} onInput={setUsername} required />
          <div class="field check">
            <input id="editor" type="checkbox" checked={editor} onChange={(e) => setEditor(e.currentTarget.checked)} />
            <label for="editor">In the editors group</label>
          </div>
          <ProblemBanner problem={problem} />
          <button type="submit" class="primary" disabled={busy}>Sign in locally</button>
        </form>
      )}
    </section>
  );
}
