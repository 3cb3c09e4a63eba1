import { useCallback } from 'preact/hooks';
import type { Problem } from '../api/client';
import { useOwner } from './keyed';

/** What one action ended with: a problem in words, or what it did. */
export type ActionResult = { problem: Problem } | { done: string } | null | void;

export interface ActionState {
  busy: boolean;
  problem: Problem | null;
  done: string | null;
}

// Each run is its own key: the message shown is the latest run's, by the one ownership rule (src/lib/keyed.ts).
let runs = 0;
const nextRun = () => `run#${++runs}`;

/**
 * One form's action and the message it left. A message belongs to the action that caused it: running the
 * action again clears the last message at once, and only the latest run's answer is shown (an earlier run
 * that answers late, or one that answers after `clear` or after the form is gone, changes nothing).
 */
export function useAction() {
  const { state, ask, show } = useOwner<{ done: string | null }>('run#0');
  const run = useCallback(async (work: () => Promise<ActionResult>) => {
    await ask(nextRun(), async () => {
      const result = await work();
      return result && 'problem' in result ? { ok: false as const, problem: result.problem }
        : { ok: true as const, status: 200, data: { done: result && 'done' in result ? result.done : null } };
    }, (_, answer) => answer);
  }, [ask]);
  const clear = useCallback(() => show(nextRun()), [show]);
  const shown: ActionState = { busy: state.waiting !== null, problem: state.problem, done: state.data?.done ?? null };
  return { ...shown, run, clear };
}
