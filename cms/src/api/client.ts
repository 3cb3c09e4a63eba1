// The typed API client. Paths, parameters and bodies come from schema.d.ts, which `npm run generate`
// makes from docs/openapi.yaml at build time: a route or shape that changes there breaks the build here.
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

export type Deal = components['schemas']['Deal'];
export type Brand = components['schemas']['Brand'];
export type BrandSummary = components['schemas']['BrandSummary'];
export type Category = components['schemas']['Category'];
export type CategorySummary = components['schemas']['CategorySummary'];
export type Blast = components['schemas']['Blast'];
export type ApiError = components['schemas']['ApiError'];
export type Comment = components['schemas']['Comment'];
export type ReportedDeal = components['schemas']['ReportedDeal'];
export type ReportByUser = components['schemas']['ReportByUser'];
/** A deal as the editors see it: with its version (what If-Match names) and whether it was taken down. */
export type EditedDeal = components['schemas']['EditedDeal'];
export type DealEvent = components['schemas']['DealEvent'];
/** The reasons a report may give; a queue entry's counts name each (answers may add ones this build does not know). */
export type ReportReason = components['schemas']['NewReport']['reason'];

export type Api = ReturnType<typeof createClient<paths>>;

/** What went wrong, in the editor's words, and where: `field` puts it next to that field. */
export interface Problem {
  status: number;
  message: string;
  field?: string;
  /** Found by the form itself before anything was sent (it goes stale as soon as the input changes). */
  local?: boolean;
  /** Every field at fault, each with its own words (the API's errors, or the form's own checks). */
  fields?: Record<string, string>;
  /** A 412: the deal as it stands now, changed by another editor since this one opened it. */
  current?: EditedDeal;
  /** A duplicate link: the live deal that has it. */
  duplicate?: { id: string; title: string; link: string };
}

const WORDS: Record<number, string> = {
  0: 'The API could not be reached. Nothing was lost: check the connection and try again.',
  401: 'Your session has ended. Sign in again; what you typed is kept.',
  403: 'Your account is not in the editors group, so the CMS cannot make changes for it.',
  404: 'Not found: it does not exist, or no longer does.',
  409: 'That already exists.',
  415: 'The API refused the request format (it only takes JSON). This is a bug in the CMS; please report it.',
  429: 'Too many requests just now. Wait a moment and try again.',
  503: 'The database is busy just now. Wait a moment and try again.',
};

export function describe(status: number, body?: Partial<ApiError> & { current?: EditedDeal }): Problem {
  const fromApi = body?.message;
  if (status === 400 || status === 422) {
    const problem: Problem = { status, message: fromApi ?? 'The API did not accept this input.', field: body?.field };
    if (body?.errors && body.errors.length > 0) {
      problem.fields = Object.fromEntries(body.errors.map((e) => [e.field, fieldWords(e.field, e.message)]));
      problem.message = body.errors.length === 1 ? fieldWords(body.errors[0].field, body.errors[0].message)
        : `${body.errors.length} fields need a change before this can be saved: see each one.`;
    }
    return problem;
  }
  if (status === 412 && body?.current) {
    return { status, current: body.current,
      message: 'Another editor changed this deal since you opened it, so nothing was saved. What they changed is shown below: keep your edits on top of theirs, or take theirs.' };
  }
  if (status === 409 && body?.code === 'duplicate' && body.deal) {
    return { status, field: 'link', duplicate: body.deal,
      message: `A live deal already has this link: “${body.deal.title}”. Open it to correct it instead, or use another link.` };
  }
  const words = WORDS[status] ?? (status >= 500 ? 'The API failed unexpectedly. Nothing you typed is lost; try again.' : `The API answered ${status}.`);
  // The API's own message adds the detail (e.g. which id exists) to the plain words.
  return { status, message: fromApi && status !== 401 && status < 500 ? `${words} (${fromApi})` : words };
}

export type Outcome<T> = { ok: true; data: T; status: number } | { ok: false; problem: Problem };

/** Runs one call; a network failure or an error answer becomes a Problem, never an exception. */
export async function call<T>(
  request: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<Outcome<T>> {
  try {
    const { data, error, response } = await request;
    if (response.ok) return { ok: true, data: data as T, status: response.status };
    return { ok: false, problem: describe(response.status, error as Partial<ApiError>) };
  } catch {
    return { ok: false, problem: describe(0) };
  }
}

export function makeApi(baseUrl: string, token: () => string | null, onUnauthorized: () => void): Api {
  // An editor must see what they just changed: public answers carry Cache-Control max-age for the app, so every
  // request revalidates with the browser's cache (If-None-Match: a 304 costs the API what a 200 does, and is small)
  // instead of taking a copy from before the change.
  const api = createClient<paths>({ baseUrl, cache: 'no-cache' });
  const auth: Middleware = {
    onRequest({ request }) {
      const t = token();
      if (t) request.headers.set('Authorization', `Bearer ${t}`);
      return request;
    },
    onResponse({ response }) {
      if (response.status === 401) onUnauthorized();
      return response;
    },
  };
  api.use(auth);
  return api;
}

/**
 * The API's reason for a field, in the words an editor knows: the form's labels rather than its JSON names, and no
 * pattern talk. Unknown reasons keep the API's own words.
 */
export function fieldWords(field: string, message: string): string {
  const label = LABELS[field] ?? field;
  if (/ is required$/.test(message)) return field === 'brandId' || field === 'categoryId' ? `Choose a ${label.toLowerCase()}.` : `Enter a ${label.toLowerCase()}.`;
  if (/must start with https:\/\//.test(message)) return `${label} must be an https:// address (http images are blocked on secure pages).`;
  if (/must be an http\(s\) URL/.test(message)) return `${label} must be a web address starting with https:// or http://.`;
  if (/ is not a field of this request$/.test(message)) return `${label} cannot be sent here.`;
  if (/ cannot change$/.test(message)) return `${label} cannot be changed.`;
  return message.replace(new RegExp(`^${field}\\b`), label);
}

const LABELS: Record<string, string> = {
  title: 'Title', link: 'Link', price: 'Price', brandId: 'Brand', categoryId: 'Category', imageUrl: 'Image URL',
  description: 'Description', createdAt: 'Backfill date', expiresAt: 'Expiry', name: 'Name', logoUrl: 'Logo URL',
};
