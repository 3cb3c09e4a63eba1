import { useState } from 'preact/hooks';
import { type BrandSummary, call, type CategorySummary } from '../api/client';
import { useAction } from '../lib/action';
import { checkCatalogEntry, localProblem } from '../lib/checks';
import { useApi } from '../ui/api';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Field } from '../ui/Field';
import { ProblemBanner, Status } from '../ui/messages';

type Kind = 'brands' | 'categories';

/**
 * One brand's or category's edits: a new name (its id stays; every deal, list and featured copy shows it within
 * seconds), a brand's logo (https only, checked before sending), and deletion after a confirmation, which the API
 * allows only while no deal, live or not, names it.
 */
export function EditEntry({ kind, entry, onChanged }: { kind: Kind; entry: BrandSummary | CategorySummary; onChanged: () => void }) {
  const api = useApi();
  const singular = kind === 'brands' ? 'brand' : 'category';
  const logo = kind === 'brands' ? (entry as BrandSummary).logoUrl ?? '' : undefined;
  const [form, setForm] = useState({ name: entry.name, logoUrl: logo ?? '' });
  const [asking, setAsking] = useState(false);
  const action = useAction();
  const ids = { name: `edit-${entry.id}-name`, logoUrl: `edit-${entry.id}-logoUrl` };
  const at = (f: string) => ids[f as keyof typeof ids] ?? f;

  const save = () => action.run(async () => {
    const refused = localProblem(checkCatalogEntry(kind === 'brands' ? form : { name: form.name }), at);
    if (refused) return { problem: refused };
    const name = form.name.trim() !== entry.name ? form.name.trim() : undefined;
    const logoUrl = kind === 'brands' && form.logoUrl.trim() !== (logo ?? '') && form.logoUrl.trim() !== '' ? form.logoUrl.trim() : undefined;
    if (!name && !logoUrl) return { done: 'Nothing to save: the name and logo are as they are.' };
    const o = kind === 'brands'
      ? await call(api.PATCH('/cms/brands/{brandId}', { params: { path: { brandId: entry.id } }, body: { ...(name ? { name } : {}), ...(logoUrl ? { logoUrl } : {}) } }))
      : await call(api.PATCH('/cms/categories/{categoryId}', { params: { path: { categoryId: entry.id } }, body: { name: name ?? entry.name } }));
    if (!o.ok) {
      const p = o.problem;
      return { problem: { ...p, field: p.field && at(p.field),
        ...(p.fields ? { fields: Object.fromEntries(Object.entries(p.fields).map(([f, m]) => [at(f), m])) } : {}) } };
    }
    return {
      done: name ? `Renamed to “${o.data.name}” (the id stays ${entry.id}); its deals, lists and featured copies follow within seconds.`
        : 'Saved the new logo.',
      after: onChanged,
    };
  });
  const remove = () => {
    setAsking(false);
    action.run(async () => {
      const o = kind === 'brands'
        ? await call(api.DELETE('/cms/brands/{brandId}', { params: { path: { brandId: entry.id } } }))
        : await call(api.DELETE('/cms/categories/{categoryId}', { params: { path: { categoryId: entry.id } } }));
      if (!o.ok) {
        return { problem: o.problem.status === 409
          ? { ...o.problem, message: `“${entry.name}” cannot be deleted: deals name it (live, expired or taken down). Rename it instead.` }
          : o.problem };
      }
      return { done: `Deleted “${entry.name}”.`, after: onChanged };
    });
  };

  return (
    <form class="edit-entry" noValidate aria-label={`Edit ${singular} ${entry.name}`} onSubmit={(e) => { e.preventDefault(); save(); }}>
      <Field id={ids.name} label={`New name for ${entry.name}`} value={form.name} onInput={(n) => setForm({ ...form, name: n })} problem={action.problem} />
      {kind === 'brands' && (
        <Field id={ids.logoUrl} label="Logo URL (https)" type="url" value={form.logoUrl} onInput={(l) => setForm({ ...form, logoUrl: l })} problem={action.problem} />
      )}
      <ProblemBanner problem={action.problem} fields={Object.values(ids)} />
      {action.done && <Status>{action.done}</Status>}
      <div class="actions">
        <button type="submit" class="primary" disabled={action.busy}>Save {singular}</button>
        <button type="button" class="danger" disabled={action.busy} onClick={() => setAsking(true)}>Delete {singular}</button>
      </div>
      <ConfirmDialog id={`delete-${entry.id}`} open={asking} title={`Delete “${entry.name}”?`} danger confirm={`Delete ${singular}`}
        onConfirm={remove} onCancel={() => setAsking(false)}>
        <p>Only a {singular} no deal names can be deleted; its id becomes free again.</p>
      </ConfirmDialog>
    </form>
  );
}
