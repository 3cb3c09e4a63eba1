import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Problem } from '../api/client';

/** What one action ended with: a problem in words, or what it did. */
export type ActionResult = { problem: Problem } | { done: string } | null | void;

export interface ActionState {
  busy: boolean;
  problem: Problem | null;
  done: string | null;
}

/**
 * One form's action and the message it left. A message belongs to the action that caused it: running the
 * action again clears the last message at once, and only the latest run's answer is shown (an earlier run
 * that answers late, or one that answers after the form is gone, changes nothing).
 */
export function useAction() {
  const [state, setState] = useState<ActionState>({ busy: false, problem: null, done: null });
  const latestRef = useRef(0);
  const liveRef = useRef(true);
  useEffect(() => {
    liveRef.current = true;
    return () => { liveRef.current = false; };
  }, []);
  const run = useCallback(async (work: () => Promise<ActionResult>) => {
    const mine = ++latestRef.current;
    setState({ busy: true, problem: null, done: null });
    const result = await work();
    if (!liveRef.current || mine !== latestRef.current) return;
    setState({
      busy: false,
      problem: result && 'problem' in result ? result.problem : null,
      done: result && 'done' in result ? result.done : null,
    });
  }, []);
  const clear = useCallback(() => {
    latestRef.current++;
    setState({ busy: false, problem: null, done: null });
  }, []);
  return { ...state, run, clear };
}
