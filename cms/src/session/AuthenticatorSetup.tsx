import { useEffect, useRef, useState } from 'preact/hooks';
import { type ActionResult, useAction } from '../lib/action';
import { useKeyed } from '../lib/keyed';
import { FieldFrame, describedBy } from '../ui/Field';
import { Loading, ProblemBanner, Status } from '../ui/messages';
import { associate, type Enrolment, grouped, hasAuthenticatorApp, turnOn, verifyCode } from './authenticator';
import { type Auth, mayChangeAccount } from './index';

/** A code from an authenticator app: six digits (spaces the app shows between them are dropped). */
const CODE = /^\d{6}$/;
/** Set before the sign-in that allows account settings, so the setup goes on by itself on the way back. */
const RESUME_KEY = 'btd.authenticator';

type Step =
  | { at: 'checking' } | { at: 'start' } | { at: 'already' }
  | { at: 'key'; enrolment: Enrolment } | { at: 'verified' } | { at: 'on' };

/**
 * Registers an authenticator app on the signed-in account: a sign-in whose token may change the account, asked for
 * only now; a key (a QR code, and the key itself for an app that cannot scan); a code from the app to prove it; then
 * TOTP on. An account that has one already is told so, and its app is not replaced. The QR code's library loads
 * only here.
 */
export function AuthenticatorSetup({ endpoint, auth, onSignOut }: { endpoint: string; auth: Auth; onSignOut: () => void }) {
  const session = auth.current();
  const allowed = session ? mayChangeAccount(session) : false;
  const [step, setStep] = useState<Step>({ at: allowed ? 'checking' : 'start' });
  const action = useAction();
  const { problem, busy } = action;
  const [code, setCode] = useState('');
  const codeField = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  /** The next step, once the run that reached it is in (a run answering late, or after the page is gone, moves nothing). */
  const to = (next: Step): ActionResult => ({ after: () => setStep(next) });
  /** One step against Cognito at a time (useAction): its problem in words, or the next step. */
  const work = (fn: (token: string) => Promise<ActionResult>) => action.run(async () => {
    const token = auth.token();
    if (!token) return { problem: { status: 401, message: 'Your session has ended. Sign out, sign in again, and start over.' } };
    return fn(token);
  });
  const start = () => work(async (token) => {
    const r = await associate(endpoint, token, session?.username ?? '');
    return r.ok ? to({ at: 'key', enrolment: r.data }) : { problem: r.problem };
  });

  useEffect(() => {
    if (!allowed) return;
    void work(async (token) => {
      const on = await hasAuthenticatorApp(endpoint, token);
      if (!on.ok) return { problem: on.problem };
      if (on.data) return to({ at: 'already' });
      // Back from the sign-in that allows it: go on where the user was.
      if (sessionStorage.getItem(RESUME_KEY)) {
        sessionStorage.removeItem(RESUME_KEY);
        const r = await associate(endpoint, token, session?.username ?? '');
        return r.ok ? to({ at: 'key', enrolment: r.data }) : { problem: r.problem };
      }
      return to({ at: 'start' });
    });
  }, [endpoint]); // eslint-disable-line react-hooks/exhaustive-deps -- once per page: the session cannot change under it
  // Where each step's focus goes: the code field once there is a key, the heading when it is done.
  useEffect(() => {
    if (step.at === 'key') codeField.current?.focus();
    if (step.at === 'on' || step.at === 'already') heading.current?.focus();
  }, [step.at]);

  const typed = code.replace(/\s+/g, '');
  const codeError = step.at === 'key' ? problem?.message ?? null : null;
  return (
    <section class="section" aria-labelledby="authenticator-title">
      <h2 id="authenticator-title" tabIndex={-1} ref={heading}>Authenticator app</h2>
      <div role="status">
        {step.at === 'checking' && <Loading>Asking Cognito whether this account has one…</Loading>}
        {step.at === 'already' && <p>An authenticator app is set up for this account already.</p>}
        {step.at === 'on' && <Status>Your authenticator app is set up.</Status>}
      </div>
      {step.at === 'on' && (
        <>
          <p>Sign out and sign in again: you will be asked for a code from the app, and, once you are in the editors group, the CMS opens.</p>
          <button type="button" onClick={onSignOut}>Sign out</button>
        </>
      )}
      {(step.at === 'start' || step.at === 'checking') && (
        <>
          <p>
            Editors sign in with a code from an authenticator app as well as their password. Set one up here before
            you are added to the editors group. It then asks for a code at every sign-in with this account, in the app too.
          </p>
          {!allowed && <p>You will be asked to sign in again, to allow the CMS to change this account's sign-in.</p>}
          <ProblemBanner problem={problem} />
          <button type="button" disabled={busy || step.at === 'checking'} onClick={() => {
            if (allowed) {
              void start();
            } else {
              sessionStorage.setItem(RESUME_KEY, '1');
              void auth.allowAccountSettings();
            }
          }}>{busy ? 'Asking for a key…' : 'Set up an authenticator app'}</button>
        </>
      )}
      {(step.at === 'key' || step.at === 'verified') && (
        <form onSubmit={(e) => {
          e.preventDefault();
          if (busy) return;
          if (step.at === 'key' && !CODE.test(typed)) {
            void action.run(async () => ({ problem: { status: 400, message: 'Enter the six digits the app shows.', local: true } }));
            return;
          }
          void work(async (token) => {
            if (step.at === 'key') {
              const checked = await verifyCode(endpoint, token, typed);
              if (!checked.ok) return { problem: checked.problem };
            }
            // Verified: only this step is repeated if it fails, the code is not asked for again.
            const on = await turnOn(endpoint, token);
            return on.ok ? to({ at: 'on' }) : { problem: on.problem, after: () => setStep({ at: 'verified' }) };
          });
        }}>
          {step.at === 'key' ? (
            <ol>
              <li>
                <p>Scan this code with the authenticator app:</p>
                <QrCode text={step.enrolment.uri} />
                <p>Or type this key into the app: <code class="totp-key" id="totp-key">{grouped(step.enrolment.secret)}</code></p>
              </li>
              <li>
                <FieldFrame id="totp-code" label="Code from the app" hint="Six digits; a new one every 30 seconds." error={codeError}>
                  <input id="totp-code" name="totp-code" ref={codeField} inputMode="numeric" autoComplete="one-time-code" value={code}
                    aria-invalid={codeError ? true : undefined} aria-describedby={describedBy('totp-code', true, codeError)}
                    onInput={(e) => setCode(e.currentTarget.value)} />
                </FieldFrame>
              </li>
            </ol>
          ) : (
            <>
              <p>The app's code was accepted, but turning it on did not go through.</p>
              <ProblemBanner problem={problem} />
            </>
          )}
          <button type="submit" disabled={busy}>{busy ? 'Checking…' : 'Turn on the authenticator app'}</button>
        </form>
      )}
    </section>
  );
}

/** The QR code of {@code text}, drawn as SVG squares: no markup from elsewhere is inserted into the page. */
function QrCode({ text }: { text: string }) {
  // Drawn for the key shown: a drawing of an earlier key that finishes late is dropped (src/lib/keyed.ts).
  const { data: drawing, problem } = useKeyed(text, async () => {
    try {
      const { default: qrcode } = await import('qrcode-generator');
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
      return { ok: true as const, status: 200, data: { path, size: n + 2 * quiet } };
    } catch {
      return { ok: false as const, problem: { status: 0, message: 'The QR code could not be drawn.' } };
    }
  });
  if (problem) return <p>The QR code could not be drawn (reload the page to try again); the key below works as well.</p>;
  if (!drawing) return <Loading>Drawing the QR code…</Loading>;
  return (
    <svg class="qr" role="img" aria-label="QR code of the key, for the authenticator app" viewBox={`0 0 ${drawing.size} ${drawing.size}`}
      width="200" height="200" shape-rendering="crispEdges">
      <rect width={drawing.size} height={drawing.size} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}
