import type { Problem } from '../api/client';
import { money } from '../lib/format';
import { readPrice } from '../lib/price';
import { describedBy, errorFor, FieldFrame } from './Field';

/**
 * A price as text: a comma or a point before the cents, the amount it understood shown under it as the
 * editor types, and anything it cannot read without guessing refused with the reason (the form then
 * sends nothing). A 400 from the API that names the field shows here too.
 */
export function PriceField(props: { id: string; label: string; value: string; onInput: (v: string) => void; problem?: Problem | null }) {
  const reading = readPrice(props.value);
  // What it reads now comes first: the form's own refusal at an earlier submit must not outlive the amount it
  // was about. The API's word on the price stays until the next submit, like every other message.
  const submitted = props.problem?.local && reading.kind !== 'empty' ? null : errorFor(props.problem, props.id);
  const error = reading.kind === 'refused' ? reading.reason : submitted;
  const hint = reading.kind === 'ok' ? <>Understood as <strong data-testid={`${props.id}-understood`}>{money(reading.value)}</strong></>
    : reading.kind === 'empty' ? 'In US dollars, e.g. 12.99 or 12,99.' : null;
  return (
    <FieldFrame id={props.id} label={props.label} hint={hint} error={error}>
      <input id={props.id} name={props.id} type="text" inputMode="decimal" autoComplete="off" value={props.value}
        aria-invalid={error ? true : undefined} aria-describedby={describedBy(props.id, hint, error)}
        onInput={(e) => props.onInput(e.currentTarget.value)} />
    </FieldFrame>
  );
}

/** The price to send, or the problem that stops the form (shown at the field `id`). */
export function priceToSend(typed: string, id: string): { value: number } | { problem: Problem } {
  const reading = readPrice(typed);
  if (reading.kind === 'ok') return { value: reading.value };
  const message = reading.kind === 'empty' ? 'Enter a price, e.g. 12.99.' : reading.reason;
  return { problem: { status: 400, message, field: id, local: true } };
}
