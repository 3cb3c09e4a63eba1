// What a form checks before it sends anything: every field at once, each in plain words beside it. The API checks
// the same rules again (its 400 lists every field it refused, shown the same way); these are the ones a person can
// fix by typing, so the form never sends what it knows will come back.
import { DESCRIPTION_MAX, NAME_MAX, TITLE_MAX, URL_MAX } from '../api/contract';
import { readPrice } from './price';

export type FieldProblems = Record<string, string>;

const isWebAddress = (s: string) => {
  if (s.length > URL_MAX || /\s/.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
};

/** A title or name: present, not only spaces, not too long. */
export function checkText(label: string, value: string, max: number, required = true): string | null {
  if (value.trim() === '') return required ? `Enter a ${label.toLowerCase()}.` : null;
  if ([...value].length > max) return `${label} is ${[...value].length} characters long: at most ${max}.`;
  return null;
}

/** A link to the shop's page: http or https. */
export function checkLink(value: string, required = true): string | null {
  if (value.trim() === '') return required ? 'Enter the link to the shop\'s page, starting with https://.' : null;
  return isWebAddress(value.trim()) ? null : 'Enter a web address starting with https:// (or http://), with no spaces.';
}

/** An image or a logo: https only, since the CMS and the app are secure pages that block http images. */
export function checkImage(label: string, value: string): string | null {
  if (value.trim() === '') return null;
  if (!isWebAddress(value.trim())) return `${label} must be a web address starting with https://.`;
  return value.trim().toLowerCase().startsWith('https://') ? null
    : `${label} must start with https://: an http image is blocked on secure pages.`;
}

export interface DealForm {
  title: string; link: string; price: string; brandId?: string; categoryId?: string; imageUrl: string; description: string;
}

/**
 * Every field of a new deal (`whole`) or of a correction (only what is filled in must be valid; a correction sends
 * only what changed), by field name: empty when it may be sent.
 */
export function checkDeal(form: DealForm, whole: boolean): FieldProblems {
  const out: FieldProblems = {};
  const put = (field: string, problem: string | null) => { if (problem) out[field] = problem; };
  put('title', checkText('Title', form.title, TITLE_MAX, true));
  put('link', checkLink(form.link, true));
  const price = readPrice(form.price);
  if (price.kind === 'empty') put('price', 'Enter a price, e.g. 12.99.');
  else if (price.kind === 'refused') put('price', price.reason);
  if (whole) {
    if (!form.brandId) put('brandId', 'Choose a brand.');
    if (!form.categoryId) put('categoryId', 'Choose a category.');
  }
  put('imageUrl', checkImage('Image URL', form.imageUrl));
  if ([...form.description].length > DESCRIPTION_MAX) {
    put('description', `Description is ${[...form.description].length} characters long: at most ${DESCRIPTION_MAX}.`);
  }
  return out;
}

/** A brand's or category's name and a brand's logo. */
export function checkCatalogEntry(form: { name: string; logoUrl?: string }): FieldProblems {
  const out: FieldProblems = {};
  const name = checkText('Name', form.name, NAME_MAX);
  if (name) out.name = name;
  else if (!/[A-Za-z0-9]/.test(form.name)) out.name = 'A name needs a letter or digit (A-Z, 0-9): the id is made from them.';
  const logo = form.logoUrl === undefined ? null : checkImage('Logo URL', form.logoUrl);
  if (logo) out.logoUrl = logo;
  return out;
}

/** The form's own refusal of `problems` (none: null), each field at the id `id(field)` shows its words. */
export function localProblem(problems: FieldProblems, id: (field: string) => string = (f) => f) {
  const fields = Object.entries(problems);
  if (fields.length === 0) return null;
  return {
    status: 400, local: true, field: id(fields[0][0]),
    fields: Object.fromEntries(fields.map(([f, m]) => [id(f), m])),
    message: fields.length === 1 ? fields[0][1] : `${fields.length} fields need a change before this can be sent: see each one.`,
  };
}
