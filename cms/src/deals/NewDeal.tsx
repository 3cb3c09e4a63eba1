import { call, type Deal, type Problem } from '../api/client';
import type { Catalog } from '../brands/catalog';
import { useAction } from '../lib/action';
import { checkDeal, localProblem } from '../lib/checks';
import { useDraft } from '../lib/draft';
import { utcInstant } from '../lib/format';
import { useApi } from '../ui/api';
import { Field, SelectField } from '../ui/Field';
import { ProblemBanner } from '../ui/messages';
import { PriceField, priceToSend } from '../ui/PriceField';

const EMPTY = { title: '', link: '', price: '', brandId: '', categoryId: '', imageUrl: '', description: '', createdAt: '', expiresAt: '' };
/** The form's inputs are `new-<field>`; the API names the bare field. */
const ID = (field: string) => `new-${field}`;
const IDS = Object.keys(EMPTY).map(ID);
const here = (p: Problem): Problem => ({
  ...p, ...(p.field ? { field: ID(p.field) } : {}),
  ...(p.fields ? { fields: Object.fromEntries(Object.entries(p.fields).map(([f, m]) => [ID(f), m])) } : {}),
});

/** A new deal. What is typed stays a draft (across sign-in, failures and reloads) until the deal is created. */
export function NewDeal({ catalog, onCreated }: { catalog: Catalog; onCreated: (d: Deal) => void }) {
  const api = useApi();
  const draft = useDraft('new-deal', EMPTY);
  const form = draft.value;
  const action = useAction();
  const submit = () => action.run(async () => {
    // Every field checked at once, before anything is sent; the API's own refusals land the same way.
    const refused = localProblem(checkDeal(form, true), ID);
    if (refused) return { problem: refused };
    const price = priceToSend(form.price, ID('price'));
    if ('problem' in price) return price;
    const o = await call(api.POST('/cms/deals', {
      body: {
        title: form.title, link: form.link, price: price.value, brandId: form.brandId, categoryId: form.categoryId,
        ...(form.imageUrl ? { imageUrl: form.imageUrl } : {}),
        ...(form.description ? { description: form.description } : {}),
        ...(form.createdAt ? { createdAt: utcInstant(form.createdAt) } : {}),
        ...(form.expiresAt ? { expiresAt: utcInstant(form.expiresAt) } : {}),
      },
    }));
    if (!o.ok) return { problem: here(o.problem) };
    return { after: () => { draft.reset(); onCreated(o.data); } };
  });
  const p = action.problem;
  return (
    <section class="card" aria-labelledby="new-deal-h">
      <p class="back"><a href="#/deals">← All deals</a></p>
      <h2 id="new-deal-h">New deal</h2>
      {/* noValidate: the form checks every field itself, in its own words; the API's 400 lands the same way. */}
      <form noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <Field id={ID('title')} label="Title" value={form.title} onInput={(title) => draft.update({ title })} problem={p} />
        <Field id={ID('link')} label="Link" type="url" value={form.link} onInput={(link) => draft.update({ link })} problem={p} />
        <PriceField id={ID('price')} label="Price (USD)" value={form.price} onInput={(price) => draft.update({ price })} problem={p} />
        <SelectField id={ID('brandId')} label="Brand" value={form.brandId} onChange={(brandId) => draft.update({ brandId })} problem={p}>
          <option value="">{catalog.brands ? 'Choose a brand' : 'Loading brands…'}</option>
          {catalog.brands?.map((b) => <option value={b.id}>{b.name}</option>)}
        </SelectField>
        <SelectField id={ID('categoryId')} label="Category" value={form.categoryId} onChange={(categoryId) => draft.update({ categoryId })} problem={p}>
          <option value="">{catalog.categories ? 'Choose a category' : 'Loading categories…'}</option>
          {catalog.categories?.map((c) => <option value={c.id}>{c.name}</option>)}
        </SelectField>
        <Field id={ID('imageUrl')} label="Image URL (optional)" type="url" value={form.imageUrl} onInput={(imageUrl) => draft.update({ imageUrl })} problem={p}
          hint="https:// only" />
        <Field id={ID('description')} label="Description (optional)" multiline value={form.description} onInput={(description) => draft.update({ description })} problem={p} />
        <Field id={ID('createdAt')} label="Backfill date, UTC (optional)" type="datetime-local" value={form.createdAt} onInput={(createdAt) => draft.update({ createdAt })} problem={p}
          hint="Only for deals from a feed: it decides where the deal sorts. Not in the future." />
        <Field id={ID('expiresAt')} label="Expires at, UTC (optional)" type="datetime-local" value={form.expiresAt} onInput={(expiresAt) => draft.update({ expiresAt })} problem={p}
          hint="From then on it is flagged expired and leaves every featured section." />
        <ProblemBanner problem={p} fields={IDS} />
        <div class="actions">
          <button type="submit" class="primary" disabled={action.busy}>Create deal</button>
          {draft.dirty && <button type="button" onClick={() => { draft.reset(); action.clear(); }}>Clear the form</button>}
        </div>
      </form>
    </section>
  );
}
