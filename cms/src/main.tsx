import { render } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { makeApi } from './api/client';
import { type AppConfig, completeCognitoSignIn, currentSession, forgetToken, isEditor, loadConfig, type Session, signOut } from './session';
import { ApiContext, ProblemBanner, Status } from './ui';
import { SignIn } from './pages/SignIn';
import { DealsPage } from './pages/Deals';
import { BrandsPage } from './pages/Brands';
import { FeaturedPage } from './pages/Featured';
import { BlastPage } from './pages/Blast';
import './style.css';

const PAGES = {
  deals: { title: 'Deals', view: DealsPage },
  brands: { title: 'Brands & categories', view: BrandsPage },
  featured: { title: 'Featured lists', view: FeaturedPage },
  blast: { title: 'Hot-deal blast', view: BlastPage },
} as const;
type PageName = keyof typeof PAGES;

function pageFromHash(): PageName {
  const name = location.hash.replace(/^#\/?/, '').split('/')[0];
  return name in PAGES ? (name as PageName) : 'deals';
}

function App() {
  const [config, setConfig] = useState<AppConfig | null>(null);
  const [session, setSession] = useState<Session | null>(() => currentSession());
  const [expired, setExpired] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [page, setPage] = useState<PageName>(pageFromHash);

  useEffect(() => {
    const onHash = () => setPage(pageFromHash());
    addEventListener('hashchange', onHash);
    loadConfig().then(async (c) => {
      setConfig(c);
      if (c.signIn.kind === 'cognito') {
        try {
          const s = await completeCognitoSignIn(c.signIn);
          if (s) setSession(s);
        } catch (e) {
          setProblem((e as Error).message);
        }
      }
    });
    return () => removeEventListener('hashchange', onHash);
  }, []);

  const api = useMemo(
    () => makeApi(config?.apiUrl ?? '', () => currentSession()?.token ?? null, () => {
      // The API says the token is no longer good: back to sign-in. Forms keep their drafts.
      forgetToken();
      setExpired(true);
      setSession(null);
    }),
    [config],
  );

  useEffect(() => {
    document.title = `${session ? PAGES[page].title : 'Sign in'} · Big Time Deals editors`;
  }, [page, session]);

  if (!config) return <main id="main"><Status>Loading…</Status></main>;
  if (!session) {
    return (
      <main id="main">
        <ProblemBanner problem={problem ? { status: 0, message: problem } : null} />
        <SignIn config={config} expired={expired} onSignedIn={(s) => { setExpired(false); setSession(s); }} />
      </main>
    );
  }
  const View = PAGES[page].view;
  return (
    <ApiContext.Provider value={api}>
      <header class="top">
        <a class="skip" href="#main">Skip to content</a>
        <span class="brand">Big Time Deals · Editors</span>
        <nav aria-label="Sections">
          {(Object.keys(PAGES) as PageName[]).map((p) => (
            <a href={`#/${p}`} aria-current={p === page ? 'page' : undefined}>{PAGES[p].title}</a>
          ))}
        </nav>
        <span class="who">
          {session.username}{' '}
          <button type="button" onClick={() => { signOut(config); setSession(null); }}>Sign out</button>
        </span>
      </header>
      <main id="main" tabIndex={-1}>
        {isEditor(session) ? <View /> : (
          <section>
            <h1>Not an editor</h1>
            <p>
              You are signed in as <strong>{session.username}</strong>, but this account is not in the
              <code> editors</code> group. The CMS changes what every user of Big Time Deals sees, so only editors
              can use it. Ask an administrator to add you to the group, then sign out and in again.
            </p>
          </section>
        )}
      </main>
    </ApiContext.Provider>
  );
}

render(<App />, document.getElementById('app')!);
