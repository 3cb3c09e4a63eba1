// The price an editor types, read without guessing: "12,99" and "12.99" are both 12.99, and anything that
// could be read two ways ("1,299", "1.299,00", "1 299") is refused with the reason, never turned into 1,299.
import { PRICE_DECIMALS, PRICE_MAX, PRICE_MIN } from '../api/contract';
import { money } from './format';

export type PriceReading =
  | { kind: 'empty' }
  | { kind: 'ok'; value: number }
  | { kind: 'refused'; reason: string };

export interface PriceRules { min: number; max: number; decimals: number }
/** The contract's rules (docs/openapi.yaml, Deal.price). */
export const CONTRACT_PRICE: PriceRules = { min: PRICE_MIN, max: PRICE_MAX, decimals: PRICE_DECIMALS };

const GRAMMAR = /^(\d*)(?:[.,](\d*))?$/;

export function readPrice(typed: string, rules: PriceRules = CONTRACT_PRICE): PriceReading {
  const text = typed.trim();
  if (text === '') return { kind: 'empty' };
  const example = `e.g. 12.99 or 12,99`;
  if (/^[-−]/.test(text)) return { kind: 'refused', reason: `A price is at least ${money(rules.min)}.` };
  if (/[\s'’_]/.test(text) || (text.match(/[.,]/g) ?? []).length > 1) {
    return { kind: 'refused', reason: `Thousands separators cannot be read safely here: type the amount without them, ${example}.` };
  }
  const m = GRAMMAR.exec(text);
  if (!m) return { kind: 'refused', reason: `Only digits and one decimal point or comma, ${example}.` };
  const [, whole, fraction] = m;
  if (whole === '' && !fraction) return { kind: 'refused', reason: `Only digits and one decimal point or comma, ${example}.` };
  if (fraction !== undefined && fraction === '') {
    return { kind: 'refused', reason: `Add the cents after “${text.slice(-1)}”, or leave it out.` };
  }
  if (fraction !== undefined && fraction.length > rules.decimals) {
    return {
      kind: 'refused',
      reason: `At most ${rules.decimals} decimal places. If “${text.match(/[.,]/)![0]}” separates thousands, leave it out (${whole}${fraction}).`,
    };
  }
  const value = Number(`${whole || '0'}.${fraction ?? '0'}`);
  if (value < rules.min) return { kind: 'refused', reason: `A price is at least ${money(rules.min)}.` };
  if (value > rules.max) return { kind: 'refused', reason: `A price is at most ${money(rules.max)}.` };
  return { kind: 'ok', value };
}

/** How the form shows a price it already has (a number from the API): as the editor would type it. */
export const priceText = (value: number) => String(value);
