import { useState } from 'preact/hooks';
import { call, type EditedDeal } from '../api/client';
import { useUnsaved } from '../app/navigation';
import { useAction } from '../lib/action';
import { checkDeal, localProblem } from '../lib/checks';
import { useDraft } from '../lib/draft';
import { money } from '../lib/format';
import { priceText } from '../lib/price';
import { useApi } from '../ui/api';
import { Field } from '../ui/Field';
import { ProblemBanner, Status } from '../ui/messages';
import { PriceField, priceToSend } from '../ui/PriceField';

const correctable = (d: EditedDeal) => ({
  title: d.title, link: d.link, price: priceText(d.price), imageUrl: d.imageUrl ?? '', description: d.description ?? '',
});
type Correctable = ReturnType<typeof correctable>;
const FIELDS: (keyof Correctable)[] = ['title', 'link', 'price', 'imageUrl', 'description'];
const LABELS: Record<keyof Correctable, string> = {
  title: 'Title', link: 'Link', price: 'Price', imageUrl: 'Image URL', description: 'Description',
};

/**
 * The deal's correction. Brand, category and creation time cannot change (the API says so). Only what the editor
 * changed is sent, with the version the form was opened at (If-Match): when another editor saved meanwhile, the API
 * refuses it (412) with the deal as it stands, and the form shows, beside it, what they changed, keeps what this
 * editor typed, and lets them keep their edits on top of the other's or take the other's. Until it is saved, the edit
 * is a draft and leaving asks first.
 */
export function Correction({ deal, onSaved }: { deal: EditedDeal; onSaved: (d: EditedDeal) => void }) {
  const api = useApi();
  const draft = useDraft(`correct.${deal.id}`, correctable(deal));
  const form = draft.value;
  const action = useAction();
  // The other editor's deal, when a save was refused because of it; `deal` is still the version this form began from.
  const [theirs, setTheirs] = useState<EditedDeal | null>(null);
  useUnsaved(draft.dirty, `Your correction of “${deal.title}”`, draft.reset);

  const submit = () => action.run(async () => {
    const was = correctable(deal);
    const changed = FIELDS.filter((f) => form[f] !== was[f] && !(form[f] === '' && (f === 'title' || f === 'link' || f === 'price')));
    const checked = checkDeal({ ...form }, false);
    const refused = Object.fromEntries(Object.entries(checked).filter(([f]) => form[f as keyof Correctable] !== was[f as keyof Correctable]
      || f === 'title' || f === 'link' || f === 'price'));
    const problem = localProblem(refused);
    if (problem) return { problem };
    const price = priceToSend(form.price, 'price');
    if ('problem' in price) return price;
    if (changed.length === 0) return { done: 'Nothing to save: no field differs from the deal.' };
    const body = Object.fromEntries(changed.map((f) => [f, f === 'price' ? price.value : form[f]]));
    const o = await call(api.PATCH('/cms/deals/{dealId}', {
      params: { path: { dealId: deal.id }, header: { 'If-Match': `"v${deal.version}"` } }, body,
    }));
    if (!o.ok) {
      const current = o.problem.current;
      return { problem: o.problem, after: () => { if (current) setTheirs(current); } };
    }
    return {
      done: `Saved: now ${money(o.data.price)}. Lists and featured copies follow within seconds.`,
      after: () => { setTheirs(null); draft.reset(); onSaved(o.data); },
    };
  });

  /** Keep this editor's edits, now on top of the other's deal: the next save names its version. */
  const keepMine = () => {
    if (!theirs) return;
    const mine = FIELDS.filter((f) => form[f] !== correctable(deal)[f]);
    const edits = Object.fromEntries(mine.map((f) => [f, form[f]]));
    onSaved(theirs);
    draft.update(edits);
    setTheirs(null);
    action.clear();
  };
  /** Drop this editor's edits: the form shows the other's deal. */
  const takeTheirs = () => {
    if (!theirs) return;
    onSaved(theirs);
    draft.reset();
    setTheirs(null);
    action.clear();
  };
  const before = correctable(deal);
  const after = theirs ? correctable(theirs) : null;
  const theyChanged = after ? FIELDS.filter((f) => after[f] !== before[f]) : [];

  return (
    <form class="section" noValidate aria-labelledby="correct-h" onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <h3 id="correct-h">Correct this deal</h3>
      {theirs && after && (
        <div class="conflict" role="alert" data-testid="conflict">
          <p><strong>Another editor saved this deal first</strong> (now version {theirs.version}); nothing of yours was
            saved, and what you typed is still in the form.</p>
          {theyChanged.length > 0 ? (
            <ul>
              {theyChanged.map((f) => (
                <li key={f} data-testid={`theirs-${f}`}>{LABELS[f]}: “{before[f] || 'none'}” → <strong>“{after[f] || 'none'}”</strong>
                  {form[f] !== before[f] && <> (you typed “{form[f] || 'none'}”)</>}</li>
              ))}
            </ul>
          ) : <p>They changed nothing you can edit here (its expiry, brand or category name, say).</p>}
          <div class="actions">
            <button type="button" class="primary" onClick={keepMine}>Keep my edits on top of theirs</button>
            <button type="button" onClick={takeTheirs}>Take theirs, drop mine</button>
          </div>
        </div>
      )}
      <Field id="title" label="Title" value={form.title} onInput={(title) => draft.update({ title })} problem={action.problem} />
      <Field id="link" label="Link" type="url" value={form.link} onInput={(link) => draft.update({ link })} problem={action.problem} />
      <PriceField id="price" label="Price (USD)" value={form.price} onInput={(price) => draft.update({ price })} problem={action.problem} />
      <Field id="imageUrl" label="Image URL (optional)" type="url" value={form.imageUrl} onInput={(imageUrl) => draft.update({ imageUrl })} problem={action.problem}
        hint="https:// only" />
      <Field id="description" label="Description (optional)" multiline value={form.description} onInput={(description) => draft.update({ description })} problem={action.problem} />
      {!theirs && <ProblemBanner problem={action.problem} fields={FIELDS} />}
      {action.done && <Status>{action.done}</Status>}
      {draft.dirty && <p class="notice" data-testid="unsaved">Unsaved changes.</p>}
      <div class="actions">
        <button type="submit" class="primary" disabled={action.busy || theirs !== null}>Save correction</button>
        {draft.dirty && <button type="button" onClick={() => { draft.reset(); action.clear(); setTheirs(null); }}>Discard changes</button>}
      </div>
    </form>
  );
}
