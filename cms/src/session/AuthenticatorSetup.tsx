import { useEffect, useState } from 'preact/hooks';
import { useAction } from '../lib/action';
import { FieldFrame, describedBy } from '../ui/Field';
import { Loading, ProblemBanner, Status } from '../ui/messages';
import { associate, type Enrolment, grouped, verify } from './authenticator';

/** A code from an authenticator app: six digits (spaces the app shows between them are dropped). */
const CODE = /^\d{6}$/;

/**
 * Registers an authenticator app on the signed-in account: a key (a QR code, and the key itself for an app that
 * cannot scan), then a code from the app to prove it. The QR code's library loads only here, when it is needed.
 */
export function AuthenticatorSetup({ endpoint, token, username, onSignOut }: {
  endpoint: string; token: () => string | null; username: string; onSignOut: () => void;
}) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [verified, setVerified] = useState(false);
  const start = useAction();
  const check = useAction();

  if (verified) {
    return (
      <section class="section" aria-labelledby="authenticator-title">
        <h2 id="authenticator-title">Authenticator app</h2>
        <Status>Your authenticator app is set up.</Status>
        <p>Sign out and sign in again: you will be asked for a code from the app, and, if you are an editor, the CMS opens.</p>
        <button type="button" onClick={onSignOut}>Sign out</button>
      </section>
    );
  }
  const typed = code.replace(/\s+/g, '');
  const codeError = check.problem?.message ?? null;
  return (
    <section class="section" aria-labelledby="authenticator-title">
      <h2 id="authenticator-title">Authenticator app</h2>
      <p>
        Editors sign in with a code from an authenticator app as well as their password. If you were added to the
        editors group, set one up here. It then asks for a code at every sign-in with this account, in the app too.
      </p>
      <ProblemBanner problem={start.problem} />
      {!enrolment ? (
        <button type="button" disabled={start.busy} onClick={() => start.run(async () => {
          const bearer = token();
          if (!bearer) return { problem: { status: 401, message: 'Your session has ended. Sign in again.' } };
          const r = await associate(endpoint, bearer, username);
          if (!r.ok) return { problem: r.problem };
          setEnrolment(r.data);
        })}>{start.busy ? 'Asking for a key…' : 'Set up an authenticator app'}</button>
      ) : (
        <form onSubmit={(e) => {
          e.preventDefault();
          void check.run(async () => {
            if (!CODE.test(typed)) return { problem: { status: 400, message: 'Enter the six digits the app shows.', local: true } };
            const bearer = token();
            if (!bearer) return { problem: { status: 401, message: 'Your session has ended. Sign in again.' } };
            const r = await verify(endpoint, bearer, typed);
            if (!r.ok) return { problem: r.problem };
            setVerified(true);
          });
        }}>
          <ol>
            <li>
              <p>Scan this code with the authenticator app:</p>
              <QrCode text={enrolment.uri} />
              <p>Or type this key into the app: <code class="totp-key" id="totp-key">{grouped(enrolment.secret)}</code></p>
            </li>
            <li>
              <FieldFrame id="totp-code" label="Code from the app" hint="Six digits; a new one every 30 seconds." error={codeError}>
                <input id="totp-code" name="totp-code" inputMode="numeric" autoComplete="one-time-code" value={code}
                  aria-invalid={codeError ? true : undefined} aria-describedby={describedBy('totp-code', true, codeError)}
                  onInput={(e) => { setCode(e.currentTarget.value); check.clear(); }} />
              </FieldFrame>
            </li>
          </ol>
          <button type="submit" disabled={check.busy}>{check.busy ? 'Checking…' : 'Turn on the authenticator app'}</button>
        </form>
      )}
    </section>
  );
}

/** The QR code of {@code text}, drawn as SVG squares: no markup from elsewhere is inserted into the page. */
function QrCode({ text }: { text: string }) {
  const [drawing, setDrawing] = useState<{ path: string; size: number } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode-generator').then(({ default: qrcode }) => {
      const qr = qrcode(0, 'M');
      qr.addData(text);
      qr.make();
      const n = qr.getModuleCount();
      const quiet = 4; // the light margin a scanner needs around the code
      let path = '';
      for (let row = 0; row < n; row++) {
        for (let col = 0; col < n; col++) {
          if (qr.isDark(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
        }
      }
      if (live) setDrawing({ path, size: n + 2 * quiet });
    });
    return () => { live = false; };
  }, [text]);
  if (!drawing) return <Loading>Drawing the QR code…</Loading>;
  return (
    <svg class="qr" role="img" aria-label="QR code of the key, for the authenticator app" viewBox={`0 0 ${drawing.size} ${drawing.size}`}
      width="200" height="200" shape-rendering="crispEdges">
      <rect width={drawing.size} height={drawing.size} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}
