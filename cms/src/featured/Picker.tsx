import { useEffect, useState } from 'preact/hooks';
import { call, type Deal, type Problem } from '../api/client';
import { useAction } from '../lib/action';
import { useApi } from '../ui/api';
import { DealLine } from '../ui/DealLine';
import { Field } from '../ui/Field';
import { Loading, ProblemBanner } from '../ui/messages';

/** Deals to feature: the latest overall (the API's default page), or one by id. */
export function Picker({ onPick, full }: { onPick: (d: Deal) => void; full: boolean }) {
  const api = useApi();
  const [latest, setLatest] = useState<Deal[] | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [id, setId] = useState('');
  const byId = useAction();
  useEffect(() => {
    let live = true;
    call(api.GET('/deals')).then((o) => {
      if (!live) return;
      if (o.ok) setLatest(o.data.deals);
      else setProblem(o.problem);
    });
    return () => { live = false; };
  }, [api]);
  return (
    <section aria-labelledby="pick-h">
      <h2 id="pick-h">Add deals</h2>
      <form class="inline" onSubmit={(e) => {
        e.preventDefault();
        byId.run(async () => {
          const o = await call(api.GET('/deals/{dealId}', { params: { path: { dealId: id.trim() } } }));
          if (!o.ok) return { problem: o.problem };
          onPick(o.data);
          setId('');
          return null;
        });
      }}>
        <Field id="pick-id" label="Deal id" value={id} onInput={setId} />
        <button type="submit" disabled={full || byId.busy}>Add by id</button>
      </form>
      <ProblemBanner problem={byId.problem} />
      <ProblemBanner problem={problem} />
      {latest === null ? (problem ? null : <Loading>Loading the latest deals…</Loading>) : (
        <ul class="deals" aria-label="Latest deals to add">
          {latest.map((d) => (
            <li key={d.id}>
              <DealLine deal={d} />{' '}
              <button type="button" disabled={full || d.expired} aria-label={`Add “${d.title}”`} onClick={() => onPick(d)}>Add</button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
