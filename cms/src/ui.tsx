import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import type { Api, Deal, Problem } from './api/client';

export const ApiContext = createContext<Api | null>(null);
export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside the signed-in app');
  return api;
}

/**
 * Form state that survives an expired session or a reload: kept in sessionStorage under the form's name,
 * so signing in again (or a network failure) never loses what was typed.
 */
export function useDraft<T extends object>(name: string, initial: T): [T, (patch: Partial<T>) => void, () => void] {
  const key = `btd.draft.${name}`;
  const [value, setValue] = useState<T>(() => {
    const kept = sessionStorage.getItem(key);
    return kept ? { ...initial, ...JSON.parse(kept) } : initial;
  });
  useEffect(() => sessionStorage.setItem(key, JSON.stringify(value)), [key, value]);
  const update = (patch: Partial<T>) => setValue((v) => ({ ...v, ...patch }));
  const clear = () => {
    sessionStorage.removeItem(key);
    setValue(initial);
  };
  return [value, update, clear];
}

/** A labelled input; a 400 that names this field shows its message right under it. */
export function Field(props: {
  id: string; label: string; value: string; onInput: (v: string) => void; problem?: Problem | null;
  type?: 'text' | 'url' | 'number' | 'datetime-local'; required?: boolean; hint?: string; step?: string; min?: string; multiline?: boolean;
}) {
  const error = props.problem?.field === props.id ? props.problem.message : null;
  const describedBy = [props.hint && `${props.id}-hint`, error && `${props.id}-error`].filter(Boolean).join(' ') || undefined;
  const common = {
    id: props.id, name: props.id, value: props.value, required: props.required,
    'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy,
    onInput: (e: Event) => props.onInput((e.currentTarget as HTMLInputElement).value),
  };
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      {props.multiline ? <textarea {...common} rows={3} /> : <input {...common} type={(props.type ?? 'text') as 'text'} step={props.step} min={props.min} />}
      {props.hint && <small id={`${props.id}-hint`}>{props.hint}</small>}
      {error && <p class="field-error" id={`${props.id}-error`} role="alert">{error}</p>}
    </div>
  );
}

/** A problem in words, unless it names one of this form's `fields` (then it shows next to that field). */
export function ProblemBanner({ problem, fields = [] }: { problem: Problem | null; fields?: string[] }) {
  if (!problem || (problem.field && fields.includes(problem.field))) return null;
  return <p class="problem" role="alert">{problem.message}</p>;
}

export function Status({ children }: { children: ComponentChildren }) {
  return <p class="status" role="status">{children}</p>;
}

export const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
export const day = (iso: string) => iso.slice(0, 16).replace('T', ' ') + ' UTC';
/** A datetime-local value, read as UTC, as the API's instant form (whole seconds, Z). */
export const utcInstant = (local: string) => new Date(`${local}Z`).toISOString().replace(/\.\d+Z$/, 'Z');

/** One deal as a line: what an editor needs to recognise it. */
export function DealLine({ deal }: { deal: Deal }) {
  return (
    <span class="deal-line">
      <strong>{deal.title}</strong> <span class="price">{money(deal.price)}</span>{' '}
      <span class="meta">{deal.brandName} · {deal.categoryName} · {day(deal.createdAt)}</span>
      {deal.expired ? <> <span class="badge expired">Expired</span></>
        : deal.expiresAt ? <> <span class="meta">· expires {day(deal.expiresAt)}</span></> : null}
    </span>
  );
}

/** The brand and category ids as a slug, exactly as the API makes them (shared/…/domain/Slug.java). */
export function slugOf(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 64).replace(/-+$/, '');
}
