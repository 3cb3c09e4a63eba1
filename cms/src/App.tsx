import { useEffect, useMemo, useState } from 'preact/hooks';
import { makeApi } from './api/client';
import { BlastPage } from './blast/BlastPage';
import { BrandsPage } from './brands/BrandsPage';
import { DealsPage } from './deals/DealsPage';
import { FeaturedPage } from './featured/FeaturedPage';
import { ReportsPage } from './reports/ReportsPage';
import { type Auth, createAuth, isEditor, type Session } from './session';
import { AuthenticatorSetup } from './session/AuthenticatorSetup';
import { SignIn } from './session/SignIn';
import { ApiContext } from './ui/api';
import { Loading, ProblemBanner } from './ui/messages';
import { ownDrafts } from './lib/draft';
import { type AppConfig, loadConfig } from './app/config';
import { type Navigation, NavigationContext, useRouter } from './app/navigation';
import type { PageName, Route } from './app/routes';

/** The sections, in the order the navigation lists them. A new section is one line here and one route. */
const SECTIONS: { page: PageName; title: string; href: string }[] = [
  { page: 'deals', title: 'Deals', href: '#/deals' },
  { page: 'reports', title: 'Reports', href: '#/reports' },
  { page: 'brands', title: 'Brands & categories', href: '#/brands' },
  { page: 'featured', title: 'Featured lists', href: '#/featured/frontpage' },
  { page: 'blast', title: 'Hot-deal blast', href: '#/blast' },
];

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case 'deals': return <DealsPage route={route} />;
    case 'brands': return <BrandsPage />;
    case 'featured': return <FeaturedPage route={route} />;
    case 'blast': return <BlastPage route={route} />;
    case 'reports': return <ReportsPage />;
  }
}

/** The deployment's config first: it says how to sign in and where the API is. */
export function App() {
  const [config, setConfig] = useState<AppConfig | null>(null);
  useEffect(() => { loadConfig().then(setConfig); }, []);
  return config ? <Shell config={config} /> : <main id="main"><Loading>Loading…</Loading></main>;
}

/** Signed in or not; the address is kept either way, so signing in lands where the link pointed. */
function Shell({ config }: { config: AppConfig }) {
  const auth = useMemo(() => createAuth(config.signIn), [config]);
  // Drafts are owned before any page reads one: a restored session's here, a new one's in signedIn.
  const [session, setSession] = useState<Session | null>(() => {
    const restored = auth.current();
    if (restored) ownDrafts(sessionStorage, restored.username);
    return restored;
  });
  const signedIn = (s: Session) => {
    ownDrafts(sessionStorage, s.username);
    setSession(s);
  };
  // Back from the managed login, the session it replaces is not shown meanwhile: its pages and buttons (another
  // sign-in among them) would belong to the sign-in being completed, and its failure would go unseen behind them.
  const [returning, setReturning] = useState(() => auth.returning());
  const [expired, setExpired] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { navigation, question } = useRouter();

  useEffect(() => {
    // A failed return leaves no session behind: the one it would have replaced is forgotten too, so a reload does
    // not bring back what the user set out to leave.
    auth.completeSignIn().then((s) => s && signedIn(s), (e: Error) => { auth.ended(); setProblem(e.message); setSession(null); })
      .finally(() => setReturning(false));
  }, [auth]); // once per page load
  const api = useMemo(() => makeApi(config.apiUrl, auth.token, () => {
    // The API says the token is no longer good: back to sign-in. Drafts stay in sessionStorage.
    auth.ended();
    setExpired(true);
    setSession(null);
  }), [auth, config.apiUrl]);

  const title = session ? SECTIONS.find((s) => s.page === navigation.route.page)!.title : 'Sign in';
  useEffect(() => { document.title = `${title} · Big Time Deals editors`; }, [title]);

  if (returning) return <main id="main"><Loading>Signing in…</Loading></main>;
  if (!session) {
    return (
      <main id="main">
        <ProblemBanner problem={problem ? { status: 0, message: problem } : null} />
        <SignIn auth={auth} expired={expired} onSignedIn={(s) => { setExpired(false); signedIn(s); }} />
      </main>
    );
  }
  return (
    <ApiContext.Provider value={api}>
      <NavigationContext.Provider value={navigation}>
        <Workspace session={session} navigation={navigation} auth={auth} identityProvider={config.signIn.identityProvider}
          onSignedOut={() => setSession(null)} />
        {question}
      </NavigationContext.Provider>
    </ApiContext.Provider>
  );
}

function Workspace({ session, navigation, auth, identityProvider, onSignedOut }: {
  session: Session; navigation: Navigation; auth: Auth; identityProvider?: string; onSignedOut: () => void;
}) {
  const { route } = navigation;
  return (
    <>
      <header class="top">
        <a class="skip" href="#main" onClick={(e) => { e.preventDefault(); document.getElementById('main')?.focus(); }}>Skip to content</a>
        <span class="brand">Big Time Deals · Editors</span>
        <nav aria-label="Sections">
          {SECTIONS.map((s) => <a href={s.href} aria-current={s.page === route.page ? 'page' : undefined}>{s.title}</a>)}
        </nav>
        <span class="who">
          <span class="username">{session.username}</span>{' '}
          <button type="button" onClick={() => navigation.leave(() => { auth.signOut(); onSignedOut(); })}>Sign out</button>
        </span>
      </header>
      <main id="main" tabIndex={-1}>
        {isEditor(session) ? <Page key={route.page} route={route} /> : (
          <NotAnEditor key={session.token} username={session.username} auth={auth} identityProvider={identityProvider}
            onSignOut={() => navigation.leave(() => { auth.signOut(); onSignedOut(); })} />
        )}
      </main>
    </>
  );
}

function NotAnEditor({ username, auth, identityProvider, onSignOut }: {
  username: string; auth: Auth; identityProvider?: string; onSignOut: () => void;
}) {
  return (
    <section>
      <h1>Not an editor</h1>
      <p>
        You are signed in as <strong>{username}</strong>, but this sign-in does not carry the
        <code> editors</code> group. The CMS changes what every user of Big Time Deals sees, so only editors
        can use it. An editor's sign-in carries the group only once the account has an authenticator app: set one
        up below, then an administrator adds you to the group, then sign out and in again.
      </p>
      {identityProvider && <AuthenticatorSetup endpoint={identityProvider} auth={auth} onSignOut={onSignOut} />}
    </section>
  );
}
