import { useEffect, useRef, useState } from 'preact/hooks';
import { call, type Deal, type Problem } from '../api/client';
import { DealLine, Field, money, ProblemBanner, Status, useApi } from '../ui';
import { useCatalog } from './catalog';

/** The contract's cap on a featured list (api.md, "Featured lists"); the API refuses more with a 400. */
const MAX_FEATURED = 20;

type Target = { kind: 'frontpage' } | { kind: 'editors-choice' } | { kind: 'category'; id: string; name: string };
const label = (t: Target) => (t.kind === 'frontpage' ? 'Front page' : t.kind === 'editors-choice' ? "Editor's Choice" : t.name);

export function FeaturedPage() {
  const api = useApi();
  const catalog = useCatalog();
  const [target, setTarget] = useState<Target>({ kind: 'frontpage' });
  const [list, setList] = useState<Deal[] | null>(null);
  const [saved, setSaved] = useState(true);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    setList(null);
    setSaved(true);
    setProblem(null);
    const load = target.kind === 'frontpage' ? call(api.GET('/frontpage'))
      : target.kind === 'editors-choice' ? call(api.GET('/editors-choice'))
        : call(api.GET('/categories/{categoryId}', { params: { path: { categoryId: target.id } } }));
    load.then((o) => (o.ok ? setList(o.data.featured) : setProblem(o.problem)));
  }, [JSON.stringify(target)]);

  const change = (next: Deal[], words: string) => {
    setList(next);
    setSaved(false);
    setNotice(words);
  };
  const add = (d: Deal) => {
    if (!list) return;
    if (list.some((x) => x.id === d.id)) return setNotice(`“${d.title}” is already in the list.`);
    if (d.expired) return setNotice(`“${d.title}” has expired; expired deals cannot be featured.`);
    if (list.length >= MAX_FEATURED) return setNotice(`A featured list holds at most ${MAX_FEATURED} deals. Remove one first.`);
    change([...list, d], `Added “${d.title}” at position ${list.length + 1}.`);
  };
  const save = async () => {
    if (!list) return;
    const body = { dealIds: list.map((d) => d.id) };
    const o = target.kind === 'frontpage' ? await call(api.PUT('/cms/frontpage/featured', { body }))
      : target.kind === 'editors-choice' ? await call(api.PUT('/cms/editors-choice', { body }))
        : await call(api.PUT('/cms/categories/{categoryId}/featured', { params: { path: { categoryId: target.id } }, body }));
    if (!o.ok) return setProblem(o.problem);
    setProblem(null);
    setList(o.data.featured);
    setSaved(true);
    setNotice(`Saved ${label(target)}: ${o.data.featured.length} deals.`);
  };

  return (
    <div class="columns three">
      <section aria-labelledby="featured-h">
        <h1 id="featured-h">Featured lists</h1>
        <div class="toolbar">
          <label for="target">List</label>
          <select id="target" value={target.kind === 'category' ? `category:${target.id}` : target.kind}
            onChange={(e) => {
              const v = e.currentTarget.value;
              const c = catalog.categories?.find((x) => `category:${x.id}` === v);
              setTarget(c ? { kind: 'category', id: c.id, name: c.name } : { kind: v as 'frontpage' | 'editors-choice' });
            }}>
            <option value="frontpage">Front page</option>
            <option value="editors-choice">Editor's Choice</option>
            <optgroup label="Categories">
              {catalog.categories?.map((c) => <option value={`category:${c.id}`}>{c.name}</option>)}
            </optgroup>
          </select>
        </div>
        <p class="meta" id="reorder-help">Drag a deal, or focus it and press Alt+↑ / Alt+↓ (or use its buttons), to reorder. At most {MAX_FEATURED}.</p>
        {list === null ? <Status>Loading the list…</Status> : (
          <Reorderable list={list} onChange={change} />
        )}
        <p class="visually-hidden" aria-live="polite">{notice}</p>
        {notice && <p class="meta" aria-hidden="true">{notice}</p>}
        <ProblemBanner problem={problem} />
        <button type="button" class="primary" onClick={save} disabled={!list || saved}>{saved ? 'Saved' : `Save ${label(target)}`}</button>
      </section>
      <Picker onPick={add} full={(list?.length ?? 0) >= MAX_FEATURED} />
      <Preview title={label(target)} list={list ?? []} saved={saved} />
    </div>
  );
}

function Reorderable({ list, onChange }: { list: Deal[]; onChange: (next: Deal[], words: string) => void }) {
  const dragged = useRef<number | null>(null);
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusAt !== null) items.current[focusAt]?.focus();
  }, [focusAt, list]);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= list.length || from === to) return;
    const next = [...list];
    const [d] = next.splice(from, 1);
    next.splice(to, 0, d);
    onChange(next, `Moved “${d.title}” to position ${to + 1} of ${list.length}.`);
    setFocusAt(to);
  };
  if (list.length === 0) return <p>Nothing featured yet: add deals from the latest list.</p>;
  return (
    <ol class="featured" aria-describedby="reorder-help">
      {list.map((d, i) => (
        <li key={d.id} ref={(el) => { items.current[i] = el; }} tabIndex={0} draggable
          aria-label={`${i + 1}. ${d.title}`}
          onKeyDown={(e) => {
            if (e.target !== e.currentTarget || !e.altKey) return;
            if (e.key === 'ArrowUp') { e.preventDefault(); move(i, i - 1); }
            if (e.key === 'ArrowDown') { e.preventDefault(); move(i, i + 1); }
          }}
          onDragStart={(e) => { dragged.current = i; e.dataTransfer?.setData('text/plain', d.id); }}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => { e.preventDefault(); if (dragged.current !== null) move(dragged.current, i); dragged.current = null; }}>
          <span class="grip" aria-hidden="true">⋮⋮</span>
          <DealLine deal={d} />
          <span class="row-actions">
            <button type="button" aria-label={`Move “${d.title}” up`} disabled={i === 0} onClick={() => move(i, i - 1)}>↑</button>
            <button type="button" aria-label={`Move “${d.title}” down`} disabled={i === list.length - 1} onClick={() => move(i, i + 1)}>↓</button>
            <button type="button" aria-label={`Remove “${d.title}”`} onClick={() => {
              onChange(list.filter((x) => x.id !== d.id), `Removed “${d.title}”.`);
              setFocusAt(Math.min(i, list.length - 2));
            }}>✕</button>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Deals to feature: the latest overall, or one by id. */
function Picker({ onPick, full }: { onPick: (d: Deal) => void; full: boolean }) {
  const api = useApi();
  const [latest, setLatest] = useState<Deal[] | null>(null);
  const [id, setId] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  useEffect(() => {
    call(api.GET('/deals', { params: { query: { limit: 25 } } })).then((o) => (o.ok ? setLatest(o.data.deals) : setProblem(o.problem)));
  }, []);
  return (
    <section aria-labelledby="pick-h">
      <h2 id="pick-h">Add deals</h2>
      <form class="inline" onSubmit={async (e) => {
        e.preventDefault();
        const o = await call(api.GET('/deals/{dealId}', { params: { path: { dealId: id.trim() } } }));
        setProblem(o.ok ? null : o.problem);
        if (o.ok) { onPick(o.data); setId(''); }
      }}>
        <Field id="pick-id" label="Deal id" value={id} onInput={setId} />
        <button type="submit" disabled={full}>Add by id</button>
      </form>
      <ProblemBanner problem={problem} />
      {latest === null ? <Status>Loading the latest deals…</Status> : (
        <ul class="deals" aria-label="Latest deals to add">
          {latest.map((d) => (
            <li>
              <DealLine deal={d} />{' '}
              <button type="button" disabled={full || d.expired} aria-label={`Add “${d.title}”`} onClick={() => onPick(d)}>Add</button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The section as the app shows it: a phone-width column of cards, in order. */
function Preview({ title, list, saved }: { title: string; list: Deal[]; saved: boolean }) {
  return (
    <section aria-labelledby="preview-h">
      <h2 id="preview-h">Preview {saved ? '' : '(unsaved)'}</h2>
      <div class="phone" data-testid="preview">
        <div class="phone-title">{title}</div>
        {list.length === 0 && <p class="meta">Nothing featured.</p>}
        {list.map((d) => (
          <article class="phone-card">
            {d.imageUrl && <img src={d.imageUrl} alt="" width={48} height={48} loading="lazy" />}
            <div>
              <h3>{d.title}</h3>
              <p><span class="price">{money(d.price)}</span> · {d.brandName}</p>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
