import { useState } from 'preact/hooks';
import { call, type Deal } from '../api/client';
import { FEATURED_MAX } from '../api/contract';
import { useUnsaved } from '../app/navigation';
import type { FeaturedList } from '../app/routes';
import { useAction } from '../lib/action';
import { useDraft } from '../lib/draft';
import { useKeyed } from '../lib/keyed';
import { useApi } from '../ui/api';
import { Loading, ProblemBanner, Status } from '../ui/messages';
import { refusal } from './list';
import { Picker } from './Picker';
import { Preview } from './Preview';
import { Reorderable } from './Reorderable';

/** The list as saved, loaded once per list; null while it loads. A save puts what the API answered. */
function useSaved(list: FeaturedList) {
  const api = useApi();
  const saved = useKeyed(list.kind === 'category' ? `category:${list.id}` : list.kind, async () => {
    const o = list.kind === 'frontpage' ? await call(api.GET('/frontpage'))
      : list.kind === 'editors-choice' ? await call(api.GET('/editors-choice'))
        : await call(api.GET('/categories/{categoryId}', { params: { path: { categoryId: list.id } } }));
    return o.ok ? { ...o, data: o.data.featured } : o;
  });
  return { saved: saved.data, setSaved: (deals: Deal[]) => saved.set(() => deals), problem: saved.problem };
}

/** Edit one featured list: pick, reorder, remove, preview, save. Until saved, the edits are a draft and leaving asks. */
export function FeaturedEditor({ list, name }: { list: FeaturedList; name: string }) {
  const api = useApi();
  const { saved, setSaved, problem } = useSaved(list);
  const draft = useDraft(`featured.${list.kind === 'category' ? `category:${list.id}` : list.kind}`, { deals: saved ?? [] });
  const deals = saved === null ? null : draft.value.deals;
  const dirty = saved !== null && draft.dirty;
  const [notice, setNotice] = useState('');
  const action = useAction();
  useUnsaved(dirty, `Your changes to the featured list “${name}”`, draft.reset);

  const change = (next: Deal[], words: string) => {
    draft.update({ deals: next });
    setNotice(words);
    if (action.done) action.clear();
  };
  const add = (d: Deal) => {
    if (!deals) return;
    const why = refusal(deals, d);
    if (why) return setNotice(why);
    change([...deals, d], `Added “${d.title}” at position ${deals.length + 1}.`);
  };
  const save = () => action.run(async () => {
    setNotice('');
    if (!deals) return null;
    const body = { dealIds: deals.map((d) => d.id) };
    const o = list.kind === 'frontpage' ? await call(api.PUT('/cms/frontpage/featured', { body }))
      : list.kind === 'editors-choice' ? await call(api.PUT('/cms/editors-choice', { body }))
        : await call(api.PUT('/cms/categories/{categoryId}/featured', { params: { path: { categoryId: list.id } }, body }));
    if (!o.ok) return { problem: o.problem };
    return { done: `Saved ${name}: ${o.data.featured.length} deals.`, after: () => { setSaved(o.data.featured); draft.reset(); } };
  });

  return (
    <div class="columns three">
      <section aria-labelledby="featured-h">
        <h2 id="featured-h">{name}</h2>
        <p class="meta" id="reorder-help">Drag a deal, or focus it and press Alt+↑ / Alt+↓ (or use its buttons), to reorder. At most {FEATURED_MAX}.</p>
        <ProblemBanner problem={problem} />
        {deals === null ? (problem ? null : <Loading>Loading the list…</Loading>) : <Reorderable list={deals} onChange={change} />}
        <p class="visually-hidden" aria-live="polite">{notice}</p>
        {notice && <p class="meta" aria-hidden="true">{notice}</p>}
        <ProblemBanner problem={action.problem} />
        {action.done && <Status>{action.done}</Status>}
        {dirty && <p class="notice" data-testid="unsaved">Unsaved changes.</p>}
        <div class="actions">
          <button type="button" class="primary" onClick={save} disabled={!dirty || action.busy}>Save {name}</button>
          {dirty && <button type="button" onClick={() => { draft.reset(); setNotice('Changes discarded.'); }}>Discard changes</button>}
        </div>
      </section>
      <Picker onPick={add} full={(deals?.length ?? 0) >= FEATURED_MAX} />
      <Preview title={name} list={deals} dirty={dirty} />
    </div>
  );
}
