import { call, type Deal } from '../api/client';
import { useUnsaved } from '../app/navigation';
import { useAction } from '../lib/action';
import { useDraft } from '../lib/draft';
import { money } from '../lib/format';
import { priceText } from '../lib/price';
import { useApi } from '../ui/api';
import { Field } from '../ui/Field';
import { ProblemBanner, Status } from '../ui/messages';
import { PriceField, priceToSend } from '../ui/PriceField';

const correctable = (d: Deal) => ({
  title: d.title, link: d.link, price: priceText(d.price), imageUrl: d.imageUrl ?? '', description: d.description ?? '',
});
type Correctable = ReturnType<typeof correctable>;
const FIELDS: (keyof Correctable)[] = ['title', 'link', 'price', 'imageUrl', 'description'];

/**
 * The deal's correction. Brand, category and creation time cannot change (the API says so). Only what the
 * editor changed is sent; until it is saved, the edit is a draft and leaving asks first.
 */
export function Correction({ deal, onSaved }: { deal: Deal; onSaved: (d: Deal) => void }) {
  const api = useApi();
  const draft = useDraft(`correct.${deal.id}`, correctable(deal));
  const form = draft.value;
  const action = useAction();
  useUnsaved(draft.dirty, `Your correction of “${deal.title}”`, draft.reset);

  const submit = () => action.run(async () => {
    const price = priceToSend(form.price, 'price');
    if ('problem' in price) return price;
    const was = correctable(deal);
    const changed = FIELDS.filter((f) => form[f] !== was[f] && form[f] !== '');
    if (changed.length === 0) return { done: 'Nothing to save: no field differs from the deal.' };
    const body = Object.fromEntries(changed.map((f) => [f, f === 'price' ? price.value : form[f]]));
    const o = await call(api.PATCH('/cms/deals/{dealId}', { params: { path: { dealId: deal.id } }, body }));
    if (!o.ok) return { problem: o.problem };
    draft.reset();
    onSaved(o.data);
    return { done: `Saved: now ${money(o.data.price)}. Lists and featured copies follow within seconds.` };
  });

  return (
    <form class="section" noValidate aria-labelledby="correct-h" onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <h3 id="correct-h">Correct this deal</h3>
      <Field id="title" label="Title" value={form.title} onInput={(title) => draft.update({ title })} problem={action.problem} />
      <Field id="link" label="Link" type="url" value={form.link} onInput={(link) => draft.update({ link })} problem={action.problem} />
      <PriceField id="price" label="Price (USD)" value={form.price} onInput={(price) => draft.update({ price })} problem={action.problem} />
      <Field id="imageUrl" label="Image URL (optional)" type="url" value={form.imageUrl} onInput={(imageUrl) => draft.update({ imageUrl })} problem={action.problem} />
      <Field id="description" label="Description (optional)" multiline value={form.description} onInput={(description) => draft.update({ description })} problem={action.problem} />
      <ProblemBanner problem={action.problem} fields={FIELDS} />
      {action.done && <Status>{action.done}</Status>}
      {draft.dirty && <p class="notice" data-testid="unsaved">Unsaved changes.</p>}
      <div class="actions">
        <button type="submit" class="primary" disabled={action.busy}>Save correction</button>
        {draft.dirty && <button type="button" onClick={() => { draft.reset(); action.clear(); }}>Discard changes</button>}
      </div>
    </form>
  );
}
