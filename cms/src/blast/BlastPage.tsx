import { useState } from 'preact/hooks';
import { call, type Deal } from '../api/client';
import { useNavigation } from '../app/navigation';
import { hrefOf, type Route } from '../app/routes';
import { useAction } from '../lib/action';
import { useDraft } from '../lib/draft';
import { usePaged } from '../lib/paged';
import { useKeyed } from '../lib/keyed';
import type { Search } from '../lib/words';
import { useApi } from '../ui/api';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { DealLine } from '../ui/DealLine';
import { dealId, SearchBox, searchPages } from '../ui/DealSearch';
import { Field, SelectField } from '../ui/Field';
import { Loading, ProblemBanner } from '../ui/messages';
import { Progress } from './Progress';

/** Finds the deal to blast by the words of its title; choosing one puts it in the form. */
function DealFinder({ onChoose }: { onChoose: (d: Deal) => void }) {
  const api = useApi();
  const [search, setSearch] = useState<Search | null>(null);
  return (
    <>
      <SearchBox id="blast-search" label="Find a deal by title" active={search} onSearch={setSearch} onClear={() => setSearch(null)} />
      {search && <Matches key={search.q} search={search} onChoose={onChoose} fetchPage={searchPages(api, search)} />}
    </>
  );
}

function Matches({ search, onChoose, fetchPage }: {
  search: Search; onChoose: (d: Deal) => void; fetchPage: ReturnType<typeof searchPages>;
}) {
  const { items: deals, more, problem } = usePaged(`search:${search.q}`, fetchPage, dealId);
  return (
    <>
      <ProblemBanner problem={problem} />
      {deals === null ? (problem ? null : <Loading>Searching…</Loading>)
        : deals.length === 0 && !more ? <p>No deal title holds every one of these words.</p> : (
          <ul class="deals" aria-label="Matching deals">
            {deals.map((d) => (
              <li key={d.id}>
                <DealLine deal={d} marks={search.words} />{' '}
                <button type="button" aria-label={`Choose “${d.title}”`} onClick={() => onChoose(d)}>Choose</button>
              </li>
            ))}
          </ul>
        )}
      {more && <button type="button" onClick={more}>More results</button>}
    </>
  );
}

const EMPTY = { dealId: '', subject: '', body: '' };

/** Send one deal to every user's inbox, after a confirmation; the blast's progress at #/blast/<blastId>. */
export function BlastPage({ route }: { route: Extract<Route, { page: 'blast' }> }) {
  const api = useApi();
  const nav = useNavigation();
  const latest = useKeyed('latest', async () => {
    const o = await call(api.GET('/deals'));
    return o.ok ? { ...o, data: o.data.deals } : o;
  }).data;
  const draft = useDraft('blast', EMPTY);
  const form = draft.value;
  const action = useAction();
  const [asking, setAsking] = useState(false);
  const [repeatOf, setRepeatOf] = useState<string | null>(null);
  const [found, setFound] = useState<Deal | null>(null);

  const send = () => {
    setAsking(false);
    action.run(async () => {
      const o = await call(api.POST('/cms/hot-deals', {
        body: { dealId: form.dealId, ...(form.subject ? { subject: form.subject } : {}), ...(form.body ? { body: form.body } : {}) },
      }));
      if (!o.ok) return { problem: o.problem };
      return {
        after: () => {
          // 200 instead of 202: this deal was blasted before, and the API answers that blast (nothing is sent twice).
          setRepeatOf(o.status === 200 ? o.data.blastId : null);
          draft.reset();
          nav.go(hrefOf({ page: 'blast', blastId: o.data.blastId }));
        },
      };
    });
  };
  // Another deal chosen: the last attempt's refusal was about the deal before it. Not while a blast is on its way:
  // clearing then would drop its answer (a refusal unseen) and let the form be sent again meanwhile.
  const choose = (dealId: string) => {
    if (!action.busy) action.clear();
    draft.update({ dealId });
  };
  const chosen = latest?.find((d) => d.id === form.dealId) ?? (found?.id === form.dealId ? found : undefined);

  return (
    <>
      <h1>Hot-deal blast</h1>
      <div class="columns">
        <section aria-labelledby="blast-h">
          <h2 id="blast-h">New blast</h2>
          <p>A blast puts one message about a deal in <strong>every user's inbox</strong>. Each deal can be blasted once.</p>
          <DealFinder onChoose={(d) => { setFound(d); choose(d.id); }} />
          <form class="card" noValidate onSubmit={(e) => { e.preventDefault(); action.clear(); setAsking(true); }}>
            <SelectField id="dealId" label="Deal" value={form.dealId} onChange={choose}>
              <option value="">{latest ? 'Choose one of the latest deals' : 'Loading the latest deals…'}</option>
              {form.dealId && !latest?.some((d) => d.id === form.dealId) && (
                <option value={form.dealId}>{chosen ? `${chosen.title} (${chosen.brandName})` : form.dealId}</option>)}
              {latest?.map((d) => <option value={d.id}>{d.title} ({d.brandName})</option>)}
            </SelectField>
            <Field id="blast-dealId" label="…or a deal id" value={form.dealId} onInput={(dealId) => choose(dealId.trim())} />
            <Field id="subject" label="Subject (optional)" value={form.subject} onInput={(subject) => draft.update({ subject })} problem={action.problem} />
            <Field id="body" label="Message (optional)" multiline value={form.body} onInput={(body) => draft.update({ body })} problem={action.problem} />
            <ProblemBanner problem={action.problem} fields={['subject', 'body']} />
            <button type="submit" class="primary" disabled={!form.dealId || action.busy}>Blast this deal…</button>
          </form>
          <ConfirmDialog id="confirm" open={asking} title="Send to every user?" confirm="Send to every user"
            onConfirm={send} onCancel={() => setAsking(false)}>
            <p>This message reaches <strong>every user</strong> of Big Time Deals, about “{chosen?.title ?? form.dealId}”. It cannot be recalled.</p>
          </ConfirmDialog>
        </section>
        {route.blastId && <Progress key={route.blastId} blastId={route.blastId} repeat={repeatOf === route.blastId} />}
      </div>
    </>
  );
}
