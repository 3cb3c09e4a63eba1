import { useEffect, useRef } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import type { Problem } from '../api/client';

/** A problem in words, unless it names one of this form's `fields` (then it shows next to that field). */
export function ProblemBanner({ problem, fields = [] }: { problem: Problem | null; fields?: string[] }) {
  const ref = useIntoView();
  if (!problem) return null;
  const named = problem.fields ? Object.keys(problem.fields) : problem.field ? [problem.field] : [];
  // Every field it names shows its own words beside it; a problem that names several says how many, once, here.
  if (named.length > 0 && named.every((f) => fields.includes(f)) && named.length === 1 && !problem.duplicate) return null;
  return (
    <p class="problem" role="alert" ref={ref}>{problem.message}
      {problem.duplicate && <> <a href={`#/deals/${problem.duplicate.id}`} data-testid="duplicate-link">Open “{problem.duplicate.title}”</a></>}
    </p>
  );
}

/** Something that happened (saved, created), announced politely. */
export function Status({ children }: { children: ComponentChildren }) {
  const ref = useIntoView();
  return <p class="status" role="status" ref={ref}>{children}</p>;
}

/** An action's result with its detail (a list of what was done and what not), brought into view like the others. */
export function Result({ alert = false, testId, children }: { alert?: boolean; testId?: string; children: ComponentChildren }) {
  const ref = useIntoView<HTMLDivElement>();
  return <div class={alert ? 'problem' : 'status'} role={alert ? 'alert' : 'status'} data-testid={testId} ref={ref}>{children}</div>;
}

/**
 * What an action ended with is brought into view when it appears or changes: on a phone, a blast's or a save's result
 * would otherwise land below the screen, with nothing to say it came. Only as far as needed: one already on screen
 * moves nothing.
 */
function useIntoView<T extends HTMLElement = HTMLParagraphElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const el = ref.current;
    // Its words, not its identity: a render that leaves the same message where it is must not pull the reader back.
    if (!el || el.dataset.shown === el.textContent) return;
    el.dataset.shown = el.textContent ?? '';
    if (typeof el.scrollIntoView !== 'function') return;
    const box = el.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) el.scrollIntoView({ block: 'nearest' });
  });
  return ref;
}

/** Something still on its way. It never claims an outcome ("Saved", "Nothing featured") it does not have yet. */
export function Loading({ children }: { children: ComponentChildren }) {
  return <p class="loading" role="status" aria-busy="true">{children}</p>;
}
