import type { ComponentChildren } from 'preact';
import type { Problem } from '../api/client';

/** The message for the field `id`, when the problem names it. */
export const errorFor = (problem: Problem | null | undefined, id: string) =>
  problem?.fields?.[id] ?? (problem?.field === id ? problem.message : null);

/** Label, control, hint and error of one field, wired for screen readers. */
export function FieldFrame(props: { id: string; label: string; hint?: ComponentChildren; error?: string | null; children: ComponentChildren }) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      {props.children}
      {props.hint && <small id={`${props.id}-hint`}>{props.hint}</small>}
      {props.error && <p class="field-error" id={`${props.id}-error`} role="alert">{props.error}</p>}
    </div>
  );
}

export const describedBy = (id: string, hint: unknown, error: unknown) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

/** A labelled input; a 400 that names this field shows its message right under it. */
export function Field(props: {
  id: string; label: string; value: string; onInput: (v: string) => void; problem?: Problem | null;
  type?: 'text' | 'url' | 'datetime-local'; required?: boolean; hint?: string; multiline?: boolean;
}) {
  const error = errorFor(props.problem, props.id);
  const common = {
    id: props.id, name: props.id, value: props.value, required: props.required,
    'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(props.id, props.hint, error),
    onInput: (e: Event) => props.onInput((e.currentTarget as HTMLInputElement).value),
  };
  return (
    <FieldFrame id={props.id} label={props.label} hint={props.hint} error={error}>
      {props.multiline ? <textarea {...common} rows={3} /> : <input {...common} type={(props.type ?? 'text') as 'text'} />}
    </FieldFrame>
  );
}

/** A labelled select with the same error placement as Field. */
export function SelectField(props: {
  id: string; label: string; value: string; onChange: (v: string) => void; problem?: Problem | null; children: ComponentChildren;
}) {
  const error = errorFor(props.problem, props.id);
  return (
    <FieldFrame id={props.id} label={props.label} error={error}>
      <select id={props.id} name={props.id} value={props.value} aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(props.id, null, error)} onChange={(e) => props.onChange(e.currentTarget.value)}>
        {props.children}
      </select>
    </FieldFrame>
  );
}
