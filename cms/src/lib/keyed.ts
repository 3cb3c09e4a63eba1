// The CMS's one rule for answers that come late: every value a screen shows is named by a key (a deal's id, a list's
// filter and order, one run of an action), and an answer is applied only if it is for the key shown now AND is the
// latest request made for that key. `keyed` is that rule as a pure reducer; every load, page, poll and action goes
// through it (useKeyed, useKeyedMany, usePaged, useAction), so no screen keeps a `live` flag, a request counter or a
// "which list is this" check of its own. An answer is dropped here, and only here; and what a screen does once an
// answer is in (navigate, tell its parent, reset a form) is the answer's continuation, run only if it lands (`lands`).
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';
import type { Outcome, Problem } from '../api/client';

/** What one key shows: its data once an answer is in, the last answer's problem, and the request it waits for. */
export interface Keyed<T> {
  key: string;
  /** What the key's answers made; null until its first answer is in. A refetch keeps it until the fresh answer. */
  data: T | null;
  /** The last answer's problem; the next answer that is not one clears it. */
  problem: Problem | null;
  /** The one request whose answer is awaited, and where it goes (`at`: a page's cursor; null for the start). */
  waiting: { request: number; at: string | null } | null;
  /** Which asking of the key this is (a reload counter): its first request carries it. */
  revision?: unknown;
}

export type KeyedEvent<T> =
  /** Shows `key`: another key starts with nothing (no data, no problem, nothing awaited); the same key is unchanged. */
  | { type: 'show'; key: string }
  /** Shows `key` and awaits `request`, which supersedes any request made before it for the key. */
  | { type: 'ask'; key: string; request: number; at: string | null; revision?: unknown }
  /** `request`'s answer: `apply` makes the key's data from what it had. */
  | { type: 'answer'; key: string; request: number; apply: (data: T | null) => T }
  | { type: 'failed'; key: string; request: number; problem: Problem }
  /** A change made here (an action's result) to the key's data, when the key is shown and its data in. */
  | { type: 'set'; key: string; change: (data: T) => T }
  /** What the key's data is now, known without asking (an answer to another call): it supersedes any request. */
  | { type: 'put'; key: string; data: T };

export const nothing = <T>(key: string): Keyed<T> => ({ key, data: null, problem: null, waiting: null });

/** Stands for the request an effect is about to make (see shownFor): no answer is ever taken for it. */
const ABOUT_TO_ASK: Keyed<never>['waiting'] = { request: 0, at: null };

/** Does this answer belong to what `s` shows: its key, and the request it waits for? */
export const owns = <T>(s: Keyed<T>, e: { key: string; request: number }) =>
  e.key === s.key && s.waiting !== null && s.waiting !== ABOUT_TO_ASK && s.waiting.request === e.request;

export function keyed<T>(s: Keyed<T>, e: KeyedEvent<T>): Keyed<T> {
  switch (e.type) {
    case 'show':
      return e.key === s.key ? s : nothing(e.key);
    case 'ask': {
      const base = e.key === s.key ? s : nothing<T>(e.key);
      return { ...base, waiting: { request: e.request, at: e.at }, revision: e.revision ?? base.revision };
    }
    case 'put':
      return { ...(e.key === s.key ? s : nothing<T>(e.key)), data: e.data, problem: null, waiting: null };
    case 'set':
      return e.key === s.key && s.data !== null ? { ...s, data: e.change(s.data) } : s;
    case 'answer':
      // The one place a late answer is dropped: another key's, or an earlier request's for this key.
      return owns(s, e) ? { ...s, data: e.apply(s.data), problem: null, waiting: null } : s;
    case 'failed':
      return owns(s, e) ? { ...s, problem: e.problem, waiting: null } : s;
  }
}

/**
 * What a screen showing `key` (at `revision`) shows of `s`, in the render between a change and the effect that asks
 * for it, where `s` is still the old one: another key's state is nothing yet (without this a list showed the old
 * list's items under the new name), and a new revision of the same key keeps its data but waits already (without
 * this that render offered "more" of the old list, and asking for it superseded the refetch).
 */
export function shownFor<T>(s: Keyed<T>, key: string, revision?: unknown): Keyed<T> {
  if (s.key !== key) return { ...nothing(key), waiting: ABOUT_TO_ASK };
  return revision !== undefined && revision !== s.revision ? { ...s, waiting: ABOUT_TO_ASK } : s;
}

/** Many keys side by side (a read per chosen deal, counts per brand), each by {@link keyed}; `drop` forgets keys. */
export type ManyEvent<T> = KeyedEvent<T> | { type: 'drop'; key?: string };

export function many<T>(s: Record<string, Keyed<T>>, e: ManyEvent<T>): Record<string, Keyed<T>> {
  if (e.type === 'drop') {
    if (e.key === undefined) return {};
    const rest = { ...s };
    delete rest[e.key];
    return rest;
  }
  // A key dropped (or never asked for) has nothing awaited, so its answers are dropped by the same rule.
  const from = s[e.key] ?? nothing<T>(e.key);
  const next = keyed(from, e);
  return next === from ? s : { ...s, [e.key]: next };
}

/**
 * Does `e` land on `s`: is it the answer (or failure) `s` awaits, by {@link owns}? The same rule decides whether the
 * reducer takes an answer and whether the continuation that came with it runs: a late answer changes nothing and
 * runs nothing, and a current one lands once (after it, nothing is awaited).
 */
export const lands = <T>(s: Keyed<T>, e: KeyedEvent<T>) => (e.type === 'answer' || e.type === 'failed') && owns(s, e);

/** The key an owner shows once its screen is gone: no request is made for it, so no answer lands after an unmount. */
export const GONE = { type: 'show', key: '\u0000gone' } as const;

// Numbers requests across the app, so that no two requests share one; the reducers only compare them.
let requests = 0;
const nextRequest = () => ++requests;

/** The function given at the last render, for effects and callbacks that must not change identity with it. */
function useLatest<F>(f: F) {
  const ref = useRef(f);
  useLayoutEffect(() => { ref.current = f; });
  return ref;
}

type Dispatch<E> = (e: E) => void;

/** How a request is asked: where its answer goes, which asking of the key it is, and what runs if its answer lands. */
export interface Asking<X> {
  /** A page's cursor; null (the default) for the start. */
  at?: string | null;
  revision?: unknown;
  /** Runs once the answer is in, only if it landed: never for a late answer, nor after the owner is gone. */
  after?: (answer: Outcome<X>) => void;
}

/**
 * A keyed state (`S`: one {@link Keyed}, or {@link many} of them) as its events make it, known at once: the reducer's
 * state reaches the screen a render later, and whether an answer lands must be known when it arrives. Every event
 * goes through `send`, which applies the same pure reducer here and hands the event to the screen's reducer; `ask`
 * makes a request and, if its answer lands (by {@link lands}), runs its continuation. `gone` is the unmount, an
 * event (`forget`) after which nothing is awaited, so by the same rule no answer lands.
 */
export function createOwner<T, S, E extends KeyedEvent<T> | ManyEvent<T>>(initial: S, reduce: (s: S, e: E) => S,
  slot: (s: S, key: string) => Keyed<T>, forget: E, dispatch: Dispatch<E>) {
  let state = initial;
  const send = (e: E) => {
    const landed = e.type !== 'drop' && lands(slot(state, e.key), e as KeyedEvent<T>);
    state = reduce(state, e);
    dispatch(e);
    return landed;
  };
  const ask = <X>(key: string, load: () => Promise<Outcome<X>>, apply: (data: T | null, answer: X) => T,
    { at = null, revision, after }: Asking<X> = {}) => {
    const request = nextRequest();
    send({ type: 'ask', key, request, at, revision } as E);
    return load().then((o) => {
      const landed = send((o.ok ? { type: 'answer', key, request, apply: (data: T | null) => apply(data, o.data) }
        : { type: 'failed', key, request, problem: o.problem }) as E);
      if (landed && after) after(o);
      return landed;
    });
  };
  // Gone: the screen's reducer is not told (an unmounted component renders nothing).
  return { send, ask, current: () => state, gone: () => { state = reduce(state, forget); } };
}

/** An owner for the component's lifetime: made once, and gone when the component is. */
function useOwnerOf<T, S, E extends KeyedEvent<T> | ManyEvent<T>>(initial: S, reduce: (s: S, e: E) => S,
  slot: (s: S, key: string) => Keyed<T>, forget: E) {
  const [state, dispatch] = useReducer<S, E>(reduce, initial);
  const [owner] = useState(() => createOwner(initial, reduce, slot, forget, dispatch));
  useEffect(() => owner.gone, [owner]);
  return { state, owner };
}

/** One keyed state and its ways to change: the building block of the hooks below. */
export function useOwner<T>(initialKey: string) {
  const { state, owner } = useOwnerOf<T, Keyed<T>, KeyedEvent<T>>(nothing(initialKey), keyed<T>, (s) => s, GONE);
  const { ask, send } = owner;
  const show = useCallback((key: string) => { send({ type: 'show', key }); }, [send]);
  const set = useCallback((key: string, change: (data: T) => T) => { send({ type: 'set', key, change }); }, [send]);
  return { state, ask, show, set };
}

const replace = <T>(_: T | null, answer: T) => answer;

/**
 * One value named by `key`, asked for when the key is shown and again when `revision` changes (a refetch of the same
 * key keeps what is shown until its answer). `refetch` asks again now (a poll).
 */
export function useKeyed<T>(key: string, load: () => Promise<Outcome<T>>, revision: unknown = 0) {
  const { state, ask, set } = useOwner<T>(key);
  const loadRef = useLatest(load);
  const refetch = useCallback(() => { void ask(key, () => loadRef.current(), replace); }, [ask, key, loadRef]);
  useEffect(() => { void ask(key, () => loadRef.current(), replace, { revision }); }, [ask, key, loadRef, revision]);
  const shown = shownFor(state, key, revision);
  return {
    data: shown.data, problem: shown.problem, loading: shown.waiting !== null, refetch,
    set: useCallback((change: (data: T) => T) => set(key, change), [set, key]),
  };
}

/**
 * A value per key, side by side (`get`), each owned by its key alone: `load` asks for one (superseding its earlier
 * request), `put` says what it is now, `drop` forgets one or all (their answers on the way are dropped).
 */
export function useKeyedMany<T>() {
  const { state: slots, owner } = useOwnerOf<T, Record<string, Keyed<T>>, ManyEvent<T>>({}, many<T>,
    (s, key) => s[key] ?? nothing(key), { type: 'drop' });
  const { ask, send } = owner;
  const load = useCallback((key: string, fetch: () => Promise<Outcome<T>>) => ask(key, fetch, replace), [ask]);
  const put = useCallback((key: string, data: T) => { send({ type: 'put', key, data }); }, [send]);
  const drop = useCallback((key?: string) => { send({ type: 'drop', key }); }, [send]);
  return { get: (key: string): Keyed<T> | undefined => slots[key], load, put, drop };
}
