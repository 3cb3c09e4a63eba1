import { useCallback } from 'preact/hooks';
import type { Outcome, Problem } from '../api/client';
import { useOwner } from './keyed';

/**
 * What one action ended with: a problem in words, or what it did; and `after`, what the screen does once it is in
 * (navigate, tell its parent, reset its form), run only if this run is still the latest when it ends and its form is
 * still shown. Work does its side effects there, never after an `await` of its own: an answer dropped as late (by
 * the one rule, src/lib/keyed.ts) runs nothing.
 */
export type ActionResult = (({ problem: Problem } | { done?: string }) & { after?: () => void }) | null | void;

/** A run's result as the answer the keyed layer holds (its continuation is handed over beside it). */
export function outcomeOf(result: ActionResult): Outcome<{ done: string | null }> {
  if (result && 'problem' in result) return { ok: false, problem: result.problem };
  return { ok: true, status: 200, data: { done: result && 'done' in result ? result.done ?? null : null } };
}

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
 * action again clears the last message at once, and only the latest run's answer is shown and only its `after`
 * runs (an earlier run that answers late, or one that answers after `clear` or after the form is gone, changes
 * nothing and does nothing). `run` resolves to whether the run's answer landed.
 */
export function useAction() {
  const { state, ask, show } = useOwner<{ done: string | null }>('run#0');
  const run = useCallback((work: () => Promise<ActionResult>) => {
    let after: (() => void) | undefined;
    return ask(nextRun(), async () => {
      const result = await work();
      after = result ? result.after : undefined;
      return outcomeOf(result);
    }, (_, answer) => answer, { after: () => after?.() });
  }, [ask]);
  const clear = useCallback(() => show(nextRun()), [show]);
  const shown: ActionState = { busy: state.waiting !== null, problem: state.problem, done: state.data?.done ?? null };
  return { ...shown, run, clear };
}
