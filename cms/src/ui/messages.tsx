import type { ComponentChildren } from 'preact';
import type { Problem } from '../api/client';

/** A problem in words, unless it names one of this form's `fields` (then it shows next to that field). */
export function ProblemBanner({ problem, fields = [] }: { problem: Problem | null; fields?: string[] }) {
  if (!problem || (problem.field && fields.includes(problem.field))) return null;
  return <p class="problem" role="alert">{problem.message}</p>;
}

/** Something that happened (saved, created), announced politely. */
export function Status({ children }: { children: ComponentChildren }) {
  return <p class="status" role="status">{children}</p>;
}

/** Something still on its way. It never claims an outcome ("Saved", "Nothing featured") it does not have yet. */
export function Loading({ children }: { children: ComponentChildren }) {
  return <p class="loading" role="status" aria-busy="true">{children}</p>;
}
