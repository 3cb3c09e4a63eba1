import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { type Brand, type BrandSummary, call, type Category, type CategorySummary } from '../api/client';
import { useAction } from '../lib/action';
import { checkCatalogEntry, localProblem } from '../lib/checks';
import { useKeyedMany } from '../lib/keyed';
import { useDraft } from '../lib/draft';
import { slugOf } from '../lib/slug';
import { useApi } from '../ui/api';
import { Field } from '../ui/Field';
import { Img } from '../ui/Img';
import { Loading, ProblemBanner, Status } from '../ui/messages';
import { EditEntry } from './EditEntry';

type Kind = 'brands' | 'categories';
const WORDS = {
  brands: { title: 'Brands', singular: 'brand' },
  categories: { title: 'Categories', singular: 'category' },
} as const;

/**
 * The counts live on each brand's and category's own item; they load in parallel once the list is in
 * (request depth 2), while the create form is usable at once. A list loaded again asks again, each count kept on
 * screen until its fresh one is in.
 */
function useCounts(kind: Kind, items: (BrandSummary | CategorySummary)[] | null) {
  const api = useApi();
  const { get, load } = useKeyedMany<Brand | Category>();
  useEffect(() => {
    items?.forEach(({ id }) => load(id, () => (kind === 'brands'
      ? call(api.GET('/brands/{brandId}', { params: { path: { brandId: id } } }))
      : call(api.GET('/categories/{categoryId}', { params: { path: { categoryId: id } } })))));
  }, [api, kind, items, load]);
  return (id: string) => get(id)?.data ?? undefined;
}

export function CatalogSection({ kind, items, onCreated }: { kind: Kind; items: (BrandSummary | CategorySummary)[] | null; onCreated: () => void }) {
  const [editing, setEditing] = useState<string | null>(null);
  const api = useApi();
  const counts = useCounts(kind, items);
  const { title, singular } = WORDS[kind];
  const draft = useDraft(`new-${singular}`, { name: '', logoUrl: '' });
  const form = draft.value;
  const action = useAction();
  const slug = form.name.trim() ? slugOf(form.name) : '';
  const ids = { name: `${singular}-name`, logoUrl: `${singular}-logoUrl` };

  const submit = () => action.run(async () => {
    const refused = localProblem(checkCatalogEntry(kind === 'brands' ? form : { name: form.name }), (f) => ids[f as keyof typeof ids] ?? f);
    if (refused) return { problem: refused };
    const o = kind === 'brands'
      ? await call(api.POST('/cms/brands', { body: { name: form.name, ...(form.logoUrl ? { logoUrl: form.logoUrl } : {}) } }))
      : await call(api.POST('/cms/categories', { body: { name: form.name } }));
    if (!o.ok) {
      const p = o.problem;
      return {
        problem: p.status === 409
          ? { ...p, message: `A ${singular} with the id “${slug}” already exists. Ids come from the name, so choose a name that differs in letters or digits.` }
          : { ...p, field: p.field && ids[p.field as keyof typeof ids],
            ...(p.fields ? { fields: Object.fromEntries(Object.entries(p.fields).map(([f, m]) => [ids[f as keyof typeof ids] ?? f, m])) } : {}) },
      };
    }
    return { done: `Created “${o.data.name}” (${o.data.id}).`, after: () => { draft.reset(); onCreated(); } };
  });

  return (
    <section aria-labelledby={`${kind}-h`}>
      <h2 id={`${kind}-h`}>{title}</h2>
      <form class="card" noValidate aria-labelledby={`new-${singular}-h`} onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <h3 id={`new-${singular}-h`}>New {singular}</h3>
        <Field id={ids.name} label="Name" value={form.name} onInput={(name) => draft.update({ name })} problem={action.problem}
          hint={slug ? `Its id will be “${slug}”.` : form.name.trim() ? 'The name needs a letter or a digit.' : 'Its id is made from the name.'} />
        {kind === 'brands' && (
          <Field id={ids.logoUrl} label="Logo URL (optional)" type="url" value={form.logoUrl} onInput={(logoUrl) => draft.update({ logoUrl })} problem={action.problem}
            hint="https:// only: an http logo is blocked on secure pages." />
        )}
        <ProblemBanner problem={action.problem} fields={Object.values(ids)} />
        {action.done && <Status>{action.done}</Status>}
        <button type="submit" class="primary" disabled={action.busy}>Create {singular}</button>
      </form>
      {items === null ? <Loading>Loading {kind}…</Loading> : items.length === 0 ? <p>No {kind} yet.</p> : (
        <table>
          <caption class="visually-hidden">{title} with like and watcher counts</caption>
          <thead><tr>{kind === 'brands' && <th scope="col"><span class="visually-hidden">Logo</span></th>}<th scope="col">Name and id</th><th scope="col" class="num">Likes</th><th scope="col" class="num">Watchers</th><th scope="col"><span class="visually-hidden">Edit</span></th></tr></thead>
          <tbody>
            {items.map((i) => (
              <Fragment key={i.id}>
                <tr>
                  {kind === 'brands' && <td class="logo"><Img src={(i as BrandSummary).logoUrl} alt="" size={24} /></td>}
                  <th scope="row"><span class="name">{i.name}</span> <code class="id">{i.id}</code></th>
                  <td class="num">{counts(i.id)?.likes ?? <Pending />}</td>
                  <td class="num">{counts(i.id)?.watchers ?? <Pending />}</td>
                  <td class="edit">
                    <button type="button" class="small" aria-expanded={editing === i.id} aria-controls={editing === i.id ? `edit-${kind}-${i.id}` : undefined}
                      aria-label={`Edit ${i.name}`} onClick={() => setEditing(editing === i.id ? null : i.id)}>Edit</button>
                  </td>
                </tr>
                {/* The form in a row of its own across the table: inside the Edit cell, its fields and its long
                    messages made that column the widest and squeezed every name to a letter a line on a phone. */}
                {editing === i.id && (
                  <tr class="editing" id={`edit-${kind}-${i.id}`}>
                    <td colSpan={kind === 'brands' ? 5 : 4}><EditEntry kind={kind} entry={i} onChanged={onCreated} /></td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const Pending = () => <><span aria-hidden="true">…</span><span class="visually-hidden">loading</span></>;
