import { useEffect, useState } from 'preact/hooks';
import { call, type Problem } from '../api/client';
import { Field, ProblemBanner, slugOf, Status, useApi, useDraft } from '../ui';
import { type Named, useCatalog } from './catalog';

interface Counted { id: string; name: string; likes: number; watchers: number }

export function BrandsPage() {
  const [reloads, setReloads] = useState(0);
  const catalog = useCatalog(reloads);
  const reload = () => setReloads((n) => n + 1);
  return (
    <div class="columns">
      <Kind kind="brands" title="Brands" items={catalog.brands} onCreated={reload} />
      <Kind kind="categories" title="Categories" items={catalog.categories} onCreated={reload} />
    </div>
  );
}

/**
 * The counts live on each brand's and category's own item; they load in parallel once the list is in
 * (request depth 2), while the create form is usable at once.
 */
function useCounts(kind: 'brands' | 'categories', items: Named[] | null) {
  const api = useApi();
  const [counts, setCounts] = useState<Record<string, Counted>>({});
  useEffect(() => {
    items?.forEach(async ({ id }) => {
      const o = kind === 'brands'
        ? await call(api.GET('/brands/{brandId}', { params: { path: { brandId: id } } }))
        : await call(api.GET('/categories/{categoryId}', { params: { path: { categoryId: id } } }));
      if (o.ok) setCounts((c) => ({ ...c, [id]: o.data }));
    });
  }, [items]);
  return counts;
}

function Kind({ kind, title, items, onCreated }: { kind: 'brands' | 'categories'; title: string; items: Named[] | null; onCreated: () => void }) {
  const api = useApi();
  const counts = useCounts(kind, items);
  const singular = kind === 'brands' ? 'brand' : 'category';
  const [form, update, clear] = useDraft(`new-${singular}`, { name: '', logoUrl: '' });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const slug = form.name.trim() ? slugOf(form.name) : '';
  const ids = { name: `${singular}-name`, logoUrl: `${singular}-logoUrl` };

  return (
    <section aria-labelledby={`${kind}-h`}>
      <h1 id={`${kind}-h`}>{title}</h1>
      <form class="card" noValidate onSubmit={async (e) => {
        e.preventDefault();
        const outcome = kind === 'brands'
          ? await call(api.POST('/cms/brands', { body: { name: form.name, ...(form.logoUrl ? { logoUrl: form.logoUrl } : {}) } }))
          : await call(api.POST('/cms/categories', { body: { name: form.name } }));
        if (!outcome.ok) {
          const p = outcome.problem;
          setProblem(p.status === 409
            ? { ...p, message: `A ${singular} with the id “${slug}” already exists. Ids come from the name, so choose a name that differs in letters or digits.` }
            : { ...p, field: p.field && ids[p.field as keyof typeof ids] });
          return;
        }
        setProblem(null);
        setCreated(outcome.data.name);
        clear();
        onCreated();
      }}>
        <h2>New {singular}</h2>
        <Field id={ids.name} label="Name" value={form.name} onInput={(name) => update({ name })} problem={problem}
          hint={slug ? `Its id will be “${slug}”.` : 'Its id is made from the name.'} />
        {kind === 'brands' && (
          <Field id={ids.logoUrl} label="Logo URL (optional)" type="url" value={form.logoUrl} onInput={(logoUrl) => update({ logoUrl })} problem={problem} />
        )}
        <ProblemBanner problem={problem} fields={Object.values(ids)} />
        {created && <Status>Created “{created}”.</Status>}
        <button type="submit" class="primary">Create {singular}</button>
      </form>
      {items === null ? <Status>Loading {kind}…</Status> : (
        <table>
          <caption class="visually-hidden">{title} with like and watcher counts</caption>
          <thead><tr><th scope="col">Name</th><th scope="col">Id</th><th scope="col">Likes</th><th scope="col">Watchers</th></tr></thead>
          <tbody>
            {items.map((i) => (
              <tr><td>{i.name}</td><td><code>{i.id}</code></td><td>{counts[i.id]?.likes ?? '…'}</td><td>{counts[i.id]?.watchers ?? '…'}</td></tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
