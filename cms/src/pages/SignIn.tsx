import { useState } from 'preact/hooks';
import { type AppConfig, cognitoSignIn, localSignIn, type Session } from '../session';
import { Field, ProblemBanner } from '../ui';
import type { Problem } from '../api/client';

export function SignIn({ config, expired, onSignedIn }: { config: AppConfig; expired: boolean; onSignedIn: (s: Session) => void }) {
  const [username, setUsername] = useState('erin');
  const [editor, setEditor] = useState(true);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const signIn = config.signIn;

  return (
    <section class="sign-in">
      <h1>Big Time Deals · Editors</h1>
      {expired && <p class="problem" role="alert">Your session has ended. Sign in again; what you typed is kept.</p>}
      {signIn.kind === 'cognito' ? (
        <button type="button" class="primary" onClick={() => cognitoSignIn(signIn)}>Sign in</button>
      ) : (
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            setBusy(true);
            try {
              onSignedIn(await localSignIn(username.trim(), editor));
            } catch (err) {
              setProblem({ status: 0, message: (err as Error).message });
            } finally {
              setBusy(false);
            }
          }}
        >
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
