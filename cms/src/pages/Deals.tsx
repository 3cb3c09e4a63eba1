import { useEffect, useRef, useState } from 'preact/hooks';
import { call, type Deal, type Problem } from '../api/client';
import { DealLine, day, Field, money, ProblemBanner, Status, useApi, useDraft, utcInstant } from '../ui';
import { type Catalog, useCatalog } from './catalog';

type Scope = { kind: 'all' } | { kind: 'brand'; id: string } | { kind: 'category'; id: string };

/** The latest deals of one scope, a page at a time (the API's opaque cursor). */
function useLatest(scope: Scope, reloads: number) {
  const api = useApi();
  const [deals, setDeals] = useState<Deal[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  const page = async (after: string | null) => {
    const query = { limit: 25, ...(after ? { cursor: after } : {}) };
    const outcome = await (scope.kind === 'brand'
      ? call(api.GET('/brands/{brandId}/deals', { params: { path: { brandId: scope.id }, query } }))
      : scope.kind === 'category'
        ? call(api.GET('/categories/{categoryId}/deals', { params: { path: { categoryId: scope.id }, query } }))
        : call(api.GET('/deals', { params: { query } })));
    if (!outcome.ok) return setProblem(outcome.problem);
    setProblem(null);
    setDeals((d) => [...(after ? d ?? [] : []), ...outcome.data.deals]);
    setCursor(outcome.data.nextCursor ?? null);
  };
  useEffect(() => {
    setDeals(null);
    page(null);
  }, [JSON.stringify(scope), reloads]);
  return { deals, more: cursor ? () => page(cursor) : null, problem };
}

export function DealsPage() {
  const [scope, setScope] = useState<Scope>({ kind: 'all' });
  const [reloads, setReloads] = useState(0);
  const [open, setOpen] = useState<Deal | null>(null);
  const catalog = useCatalog();
  const latest = useLatest(scope, reloads);
  const changed = (d: Deal) => {
    setOpen(d);
    setReloads((n) => n + 1);
  };

  return (
    <div class="columns">
      <section aria-labelledby="latest-h">
        <h1 id="latest-h">Latest deals</h1>
        <div class="toolbar">
          <label for="scope">Show</label>
          <select id="scope" value={scope.kind === 'all' ? 'all' : `${scope.kind}:${scope.id}`}
            onChange={(e) => {
              const [kind, id] = e.currentTarget.value.split(':');
              setScope(kind === 'all' ? { kind: 'all' } : { kind: kind as 'brand' | 'category', id });
            }}>
            <option value="all">All deals</option>
            <optgroup label="By brand">
              {catalog.brands?.map((b) => <option value={`brand:${b.id}`}>{b.name}</option>)}
            </optgroup>
            <optgroup label="By category">
              {catalog.categories?.map((c) => <option value={`category:${c.id}`}>{c.name}</option>)}
            </optgroup>
          </select>
        </div>
        <OpenById onOpen={setOpen} />
        <ProblemBanner problem={latest.problem} />
        {latest.deals === null ? <Status>Loading deals…</Status> : (
          <ul class="deals" aria-label="Latest deals">
            {latest.deals.map((d) => (
              <li><button type="button" class="link" onClick={() => setOpen(d)}><DealLine deal={d} /></button></li>
            ))}
          </ul>
        )}
        {latest.more && <button type="button" onClick={latest.more}>Older deals</button>}
        {latest.deals?.length === 0 && <p>No deals here yet.</p>}
      </section>
      <div>
        {open && <DealEditor key={open.id} deal={open} onChanged={changed} onTakenDown={() => setReloads((n) => n + 1)}
          onClose={() => setOpen(null)} />}
        <NewDeal catalog={catalog} onCreated={changed} />
      </div>
    </div>
  );
}

function OpenById({ onOpen }: { onOpen: (d: Deal) => void }) {
  const api = useApi();
  const [id, setId] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  return (
    <form class="inline" onSubmit={async (e) => {
      e.preventDefault();
      const outcome = await call(api.GET('/deals/{dealId}', { params: { path: { dealId: id.trim() } } }));
      setProblem(outcome.ok ? null : outcome.problem);
      if (outcome.ok) onOpen(outcome.data);
    }}>
      <Field id="open-id" label="Open a deal by id" value={id} onInput={setId} />
      <button type="submit">Open</button>
      <ProblemBanner problem={problem} />
    </form>
  );
}

/** One deal, and its correction. Brand, category and creation time cannot change (the API says so). */
function DealEditor({ deal, onChanged, onTakenDown, onClose }: {
  deal: Deal; onChanged: (d: Deal) => void; onTakenDown: () => void; onClose: () => void;
}) {
  const api = useApi();
  const [takenDown, setTakenDown] = useState(false);
  if (takenDown) {
    return (
      <section class="card" aria-labelledby="deal-h">
        <h2 id="deal-h">Deal {deal.id}</h2>
        <p class="badge taken-down" role="status">Taken down: “{deal.title}” has left every list and featured section.
          Messages already sent stay in inboxes.</p>
        <button type="button" onClick={onClose}>Close</button>
      </section>
    );
  }
  const [form, update] = useDraft(`correct.${deal.id}`, correctable(deal));
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saved, setSaved] = useState(false);
  return (
    <section class="card" aria-labelledby="deal-h">
      <h2 id="deal-h">Deal {deal.id}</h2>
      <p><DealLine deal={deal} /></p>
      <p class="meta">Created {day(deal.createdAt)} · <a href={deal.link} target="_blank" rel="noopener noreferrer">open the shop's page</a></p>
      <p data-testid="expiry-state">{deal.expired ? <><span class="badge expired">Expired</span> since {day(deal.expiresAt!)}: it shows in latest lists, flagged, and in no featured section.</>
        : deal.expiresAt ? `Expires ${day(deal.expiresAt)}.` : 'No expiry.'}</p>
      <Expiry key={deal.expiresAt ?? ''} deal={deal} onChanged={onChanged} />
      <TakeDown deal={deal} onTakenDown={() => { setTakenDown(true); onTakenDown(); }} />
      <form noValidate onSubmit={async (e) => {
        e.preventDefault();
        setSaved(false);
        const outcome = await call(api.PATCH('/cms/deals/{dealId}', {
          params: { path: { dealId: deal.id } },
          body: {
            title: form.title, link: form.link, price: Number(form.price),
            ...(form.imageUrl ? { imageUrl: form.imageUrl } : {}), ...(form.description ? { description: form.description } : {}),
          },
        }));
        setProblem(outcome.ok ? null : outcome.problem);
        if (outcome.ok) {
          update(correctable(outcome.data));
          setSaved(true);
          onChanged(outcome.data);
        }
      }}>
        <h3>Correct this deal</h3>
        <Field id="title" label="Title" value={form.title} onInput={(title) => update({ title })} problem={problem} />
        <Field id="link" label="Link" type="url" value={form.link} onInput={(link) => update({ link })} problem={problem} />
        <Field id="price" label="Price (USD)" type="number" step="0.01" value={form.price} onInput={(price) => update({ price })} problem={problem} />
        <Field id="imageUrl" label="Image URL (optional)" type="url" value={form.imageUrl} onInput={(imageUrl) => update({ imageUrl })} problem={problem} />
        <Field id="description" label="Description (optional)" multiline value={form.description} onInput={(description) => update({ description })} problem={problem} />
        <ProblemBanner problem={problem} fields={CORRECTABLE} />
        {saved && <Status>Saved: now {money(deal.price)}. Lists and featured copies follow within seconds.</Status>}
        <div class="actions">
          <button type="submit" class="primary">Save correction</button>
          <button type="button" onClick={onClose}>Close</button>
        </div>
      </form>
    </section>
  );
}

/** Set, move or clear the deal's expiry; "now" expires it at once (it leaves featured sections). */
function Expiry({ deal, onChanged }: { deal: Deal; onChanged: (d: Deal) => void }) {
  const api = useApi();
  const [at, setAt] = useState(deal.expiresAt ? deal.expiresAt.slice(0, 16) : '');
  const [problem, setProblem] = useState<Problem | null>(null);
  const patch = async (expiresAt: string | null) => {
    const o = await call(api.PATCH('/cms/deals/{dealId}', { params: { path: { dealId: deal.id } }, body: { expiresAt } }));
    setProblem(o.ok ? null : o.problem);
    if (o.ok) onChanged(o.data);
  };
  return (
    <form class="inline" noValidate onSubmit={(e) => { e.preventDefault(); patch(at ? utcInstant(at) : null); }}>
      <Field id="expiresAt" label="Expires at, UTC" type="datetime-local" value={at} onInput={setAt} problem={problem} />
      <button type="submit">Set expiry</button>
      <button type="button" onClick={() => patch(new Date().toISOString().replace(/\.\d+Z$/, 'Z'))} disabled={deal.expired}>Expire now</button>
      {deal.expiresAt && <button type="button" onClick={() => { setAt(''); patch(null); }}>Clear expiry</button>}
      <ProblemBanner problem={problem} fields={['expiresAt']} />
    </form>
  );
}

/** Takedown, after a confirmation: the deal leaves every list; the API answers 204, also when repeated. */
function TakeDown({ deal, onTakenDown }: { deal: Deal; onTakenDown: () => void }) {
  const api = useApi();
  const dialog = useRef<HTMLDialogElement>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  return (
    <>
      <button type="button" class="danger" onClick={() => dialog.current?.showModal()}>Take down…</button>
      <ProblemBanner problem={problem} />
      <dialog ref={dialog} aria-labelledby="takedown-h">
        <h2 id="takedown-h">Take this deal down?</h2>
        <p>“{deal.title}” leaves the front page, every latest list and every featured section, and its page answers
          “not found”. Messages already sent stay in users' inboxes. This cannot be undone.</p>
        <div class="actions">
          <button type="button" class="danger" onClick={async () => {
            dialog.current?.close();
            const o = await call(api.DELETE('/cms/deals/{dealId}', { params: { path: { dealId: deal.id } } }));
            setProblem(o.ok ? null : o.problem);
            if (o.ok) onTakenDown();
          }}>Take it down</button>
          <button type="button" onClick={() => dialog.current?.close()}>Cancel</button>
        </div>
      </dialog>
    </>
  );
}

const correctable = (d: Deal) => ({
  title: d.title, link: d.link, price: String(d.price), imageUrl: d.imageUrl ?? '', description: d.description ?? '',
});
const CORRECTABLE = ['title', 'link', 'price', 'imageUrl', 'description'];
const EMPTY_DEAL = { title: '', link: '', price: '', brandId: '', categoryId: '', imageUrl: '', description: '', createdAt: '', expiresAt: '' };

function NewDeal({ catalog, onCreated }: { catalog: Catalog; onCreated: (d: Deal) => void }) {
  const api = useApi();
  const [form, update, clear] = useDraft('new-deal', EMPTY_DEAL);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [created, setCreated] = useState<Deal | null>(null);
  return (
    <section class="card" aria-labelledby="new-deal-h">
      <h2 id="new-deal-h">New deal</h2>
      {/* noValidate: the API holds the deal rules; its 400 lands next to the field it names. */}
      <form noValidate onSubmit={async (e) => {
        e.preventDefault();
        const outcome = await call(api.POST('/cms/deals', {
          body: {
            title: form.title, link: form.link, price: form.price === '' ? Number.NaN : Number(form.price),
            brandId: form.brandId, categoryId: form.categoryId,
            ...(form.imageUrl ? { imageUrl: form.imageUrl } : {}),
            ...(form.description ? { description: form.description } : {}),
            ...(form.createdAt ? { createdAt: utcInstant(form.createdAt) } : {}),
            ...(form.expiresAt ? { expiresAt: utcInstant(form.expiresAt) } : {}),
          },
        }));
        setProblem(outcome.ok ? null : outcome.problem);
        if (outcome.ok) {
          clear();
          setCreated(outcome.data);
          onCreated(outcome.data);
        }
      }}>
        <Field id="new-title" label="Title" value={form.title} onInput={(title) => update({ title })} problem={fieldOf(problem, 'title')} />
        <Field id="new-link" label="Link" type="url" value={form.link} onInput={(link) => update({ link })} problem={fieldOf(problem, 'link')} />
        <Field id="new-price" label="Price (USD)" type="number" step="0.01" value={form.price} onInput={(price) => update({ price })} problem={fieldOf(problem, 'price')} />
        <div class="field">
          <label for="new-brandId">Brand</label>
          <select id="new-brandId" value={form.brandId} onChange={(e) => update({ brandId: e.currentTarget.value })}>
            <option value="">{catalog.brands ? 'Choose a brand' : 'Loading brands…'}</option>
            {catalog.brands?.map((b) => <option value={b.id}>{b.name}</option>)}
          </select>
          {fieldOf(problem, 'brandId') && <p class="field-error" role="alert">{problem!.message}</p>}
        </div>
        <div class="field">
          <label for="new-categoryId">Category</label>
          <select id="new-categoryId" value={form.categoryId} onChange={(e) => update({ categoryId: e.currentTarget.value })}>
            <option value="">{catalog.categories ? 'Choose a category' : 'Loading categories…'}</option>
            {catalog.categories?.map((c) => <option value={c.id}>{c.name}</option>)}
          </select>
          {fieldOf(problem, 'categoryId') && <p class="field-error" role="alert">{problem!.message}</p>}
        </div>
        <Field id="new-imageUrl" label="Image URL (optional)" type="url" value={form.imageUrl} onInput={(imageUrl) => update({ imageUrl })} problem={fieldOf(problem, 'imageUrl')} />
        <Field id="new-description" label="Description (optional)" multiline value={form.description} onInput={(description) => update({ description })} problem={fieldOf(problem, 'description')} />
        <Field id="new-createdAt" label="Backfill date, UTC (optional)" type="datetime-local" value={form.createdAt} onInput={(createdAt) => update({ createdAt })} problem={fieldOf(problem, 'createdAt')}
          hint="Only for deals from a feed: it decides where the deal sorts. Not in the future." />
        <Field id="new-expiresAt" label="Expires at, UTC (optional)" type="datetime-local" value={form.expiresAt} onInput={(expiresAt) => update({ expiresAt })} problem={fieldOf(problem, 'expiresAt')}
          hint="From then on it is flagged expired and leaves every featured section." />
        <ProblemBanner problem={problem} fields={Object.keys(EMPTY_DEAL)} />
        {created && <Status>Created “{created.title}” ({created.id}).</Status>}
        <button type="submit" class="primary">Create deal</button>
      </form>
    </section>
  );
}

/** The create form's inputs are prefixed `new-` so both forms can sit on one page; the API names the bare field. */
function fieldOf(problem: Problem | null, field: string): Problem | null {
  return problem?.field === field ? { ...problem, field: `new-${field}` } : null;
}
