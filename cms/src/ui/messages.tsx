import type { ComponentChildren } from 'preact';
import type { Problem } from '../api/client';

/** A problem in words, unless it names one of this form's `fields` (then it shows next to that field). */
export function ProblemBanner({ problem, fields = [] }: { problem: Problem | null; fields?: string[] }) {
  if (!problem) return null;
  const named = problem.fields ? Object.keys(problem.fields) : problem.field ? [problem.field] : [];
  // Every field it names shows its own words beside it; a problem that names several says how many, once, here.
  if (named.length > 0 && named.every((f) => fields.includes(f)) && named.length === 1 && !problem.duplicate) return null;
  return (
    <p class="problem" role="alert">{problem.message}
      {problem.duplicate && <> <a href={`#/deals/${problem.duplicate.id}`} data-testid="duplicate-link">Open “{problem.duplicate.title}”</a></>}
    </p>
  );
}

/** Something that happened (saved, created), announced politely. */
export function Status({ children }: { children: ComponentChildren }) {
  return <p class="status" role="status">{children}</p>;
}

/** Something still on its way. It never claims an outcome ("Saved", "Nothing featured") it does not have yet. */
export function Loading({ children }: { children: ComponentChildren }) {
  return <p class="loading" role="status" aria-busy="true">{children}</p>;
}
