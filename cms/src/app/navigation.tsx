// Moving between addresses, and the one rule about it: unsaved edits (a correction, a featured list) are
// never thrown away without asking, whether the editor follows a link, switches lists, goes Back, signs
// out or reloads. Forms say they hold unsaved edits with useUnsaved; everything that leaves asks through here.
import { createContext } from 'preact';
import { useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { parseRoute, type Route } from './routes';

interface Unsaved { what: string; discard: () => void }
const unsaved = new Map<number, Unsaved>();
let nextId = 0;

/** While `dirty`, leaving asks first; if the editor chooses to leave, `discard` throws the edits away. */
export function useUnsaved(dirty: boolean, what: string, discard: () => void) {
  const latestRef = useRef(discard);
  useLayoutEffect(() => { latestRef.current = discard; });
  // A layout effect: the registry is right as soon as the render is, before any later event can ask it.
  useLayoutEffect(() => {
    if (!dirty) return;
    const id = nextId++;
    unsaved.set(id, { what, discard: () => latestRef.current() });
    return () => { unsaved.delete(id); };
  }, [dirty, what]);
}

export interface Navigation {
  route: Route;
  /** To `href` (a #/ address), after asking when edits would be lost. Resolves false when the editor stays. */
  go: (href: string) => Promise<boolean>;
  /**
   * To `href` without asking: a change of the view (the deals list's filter, search or order) that loses nothing on
   * screen. It is an address of its own all the same, so reload, Back and a shared link show it.
   */
  view: (href: string) => void;
  /** Runs `leave` (e.g. signing out), after asking when edits would be lost. */
  leave: (then: () => void) => Promise<boolean>;
}

export const NavigationContext = createContext<Navigation | null>(null);

export function useNavigation(): Navigation {
  const nav = useContext(NavigationContext);
  if (!nav) throw new Error('useNavigation outside the app');
  return nav;
}

interface Question { what: string[]; answer: (leave: boolean) => void }

/** The route on screen, kept in step with the address, and the question asked before edits are lost. */
export function useRouter(): { navigation: Navigation; question: preact.JSX.Element } {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  const [question, setQuestion] = useState<Question | null>(null);
  const shownRef = useRef(location.hash);

  const ask = useCallback((): Promise<boolean> => {
    if (unsaved.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      setQuestion({
        what: [...unsaved.values()].map((u) => u.what),
        answer: (leave) => {
          setQuestion(null);
          if (leave) {
            for (const u of [...unsaved.values()]) u.discard();
            unsaved.clear();
          }
          resolve(leave);
        },
      });
    });
  }, []);

  const go = useCallback(async (href: string) => {
    if (href === shownRef.current) return true;
    if (!(await ask())) return false;
    location.hash = href;
    return true;
  }, [ask]);

  useEffect(() => {
    const show = () => {
      shownRef.current = location.hash;
      setRoute(parseRoute(location.hash));
    };
    const onHashChange = () => {
      if (location.hash === shownRef.current) return;
      if (unsaved.size === 0) return show();
      // Back, Forward or a typed address: the address already moved. Put it back while the editor decides.
      const wanted = location.hash;
      history.pushState(null, '', shownRef.current);
      go(wanted);
    };
    const onClick = (e: MouseEvent) => {
      // An in-app link: ask before the address changes at all.
      if (unsaved.size === 0 || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.('a[href^="#/"]');
      if (!link) return;
      e.preventDefault();
      go(link.getAttribute('href')!);
    };
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      // Reloading or closing the tab: the browser asks. (A reload keeps drafts anyway; closing would not.)
      if (unsaved.size === 0) return;
      e.preventDefault();
      e.returnValue = '';
    };
    addEventListener('hashchange', onHashChange);
    document.addEventListener('click', onClick);
    addEventListener('beforeunload', onBeforeUnload);
    return () => {
      removeEventListener('hashchange', onHashChange);
      document.removeEventListener('click', onClick);
      removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [go]);

  const view = useCallback((href: string) => {
    if (href === shownRef.current) return;
    history.pushState(null, '', href);
    shownRef.current = location.hash;
    setRoute(parseRoute(location.hash));
  }, []);

  const leave = useCallback(async (then: () => void) => {
    const ok = await ask();
    if (ok) then();
    return ok;
  }, [ask]);

  return {
    navigation: { route, go, view, leave },
    question: (
      <ConfirmDialog id="unsaved" open={question !== null} title="Leave without saving?" danger
        confirm="Discard changes" cancel="Stay" onConfirm={() => question?.answer(true)} onCancel={() => question?.answer(false)}>
        <p>These changes are not saved yet:</p>
        <ul>{question?.what.map((w) => <li>{w}</li>)}</ul>
        <p>Stay to save them, or discard them and go on.</p>
      </ConfirmDialog>
    ),
  };
}
