import { useEffect, useRef, useState } from 'preact/hooks';
import { type Blast, call, type Deal, type Problem } from '../api/client';
import { Field, ProblemBanner, Status, useApi, useDraft } from '../ui';

const POLL_MS = 1000;

export function BlastPage() {
  const api = useApi();
  const [latest, setLatest] = useState<Deal[] | null>(null);
  const [form, update, clear] = useDraft('blast', { dealId: '', subject: '', body: '' });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [blastId, setBlastId] = useState<string | null>(null);
  const [repeat, setRepeat] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    call(api.GET('/deals', { params: { query: { limit: 25 } } })).then((o) => o.ok && setLatest(o.data.deals));
  }, []);

  const send = async () => {
    dialog.current?.close();
    const o = await call(api.POST('/cms/hot-deals', {
      body: { dealId: form.dealId, ...(form.subject ? { subject: form.subject } : {}), ...(form.body ? { body: form.body } : {}) },
    }));
    if (!o.ok) return setProblem(o.problem);
    setProblem(null);
    // 200 instead of 202: this deal was blasted before, and the API answers that blast (nothing is sent twice).
    setRepeat(o.status === 200);
    setBlastId(o.data.blastId);
    clear();
  };
  const chosen = latest?.find((d) => d.id === form.dealId);

  return (
    <div class="columns">
      <section aria-labelledby="blast-h">
        <h1 id="blast-h">Hot-deal blast</h1>
        <p>A blast puts one message about a deal in <strong>every user's inbox</strong>. Each deal can be blasted once.</p>
        <form class="card" noValidate onSubmit={(e) => { e.preventDefault(); dialog.current?.showModal(); }}>
          <div class="field">
            <label for="dealId">Deal</label>
            <select id="dealId" value={form.dealId} onChange={(e) => update({ dealId: e.currentTarget.value })}>
              <option value="">{latest ? 'Choose one of the latest deals' : 'Loading the latest deals…'}</option>
              {form.dealId && !chosen && <option value={form.dealId}>{form.dealId}</option>}
              {latest?.map((d) => <option value={d.id}>{d.title} ({d.brandName})</option>)}
            </select>
          </div>
          <Field id="blast-dealId" label="…or a deal id" value={form.dealId} onInput={(dealId) => update({ dealId: dealId.trim() })} />
          <Field id="subject" label="Subject (optional)" value={form.subject} onInput={(subject) => update({ subject })} problem={problem} />
          <Field id="body" label="Message (optional)" multiline value={form.body} onInput={(body) => update({ body })} problem={problem} />
          <ProblemBanner problem={problem} fields={['subject', 'body']} />
          <button type="submit" class="primary" disabled={!form.dealId}>Blast this deal…</button>
        </form>
        <dialog ref={dialog} aria-labelledby="confirm-h">
          <h2 id="confirm-h">Send to every user?</h2>
          <p>This message reaches <strong>every user</strong> of Big Time Deals, about “{chosen?.title ?? form.dealId}”. It cannot be recalled.</p>
          <div class="actions">
            <button type="button" class="primary" onClick={send}>Send to every user</button>
            <button type="button" onClick={() => dialog.current?.close()}>Cancel</button>
          </div>
        </dialog>
      </section>
      {blastId && <Progress key={blastId} blastId={blastId} repeat={repeat} />}
    </div>
  );
}

/** Polls the blast until the stream consumer reports every segment done. */
function Progress({ blastId, repeat }: { blastId: string; repeat: boolean }) {
  const api = useApi();
  const [blast, setBlast] = useState<Blast | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let live = true;
    const poll = async () => {
      const o = await call(api.GET('/cms/hot-deals/{blastId}', { params: { path: { blastId } } }));
      if (!live) return;
      if (o.ok) setBlast(o.data);
      setProblem(o.ok ? null : o.problem);
      // Keep polling through a network blip; stop once done.
      if (!o.ok || !o.data.done) timer = setTimeout(poll, POLL_MS);
    };
    poll();
    return () => { live = false; clearTimeout(timer); };
  }, [blastId]);
  const pct = blast && blast.segments > 0 ? Math.round((100 * blast.segmentsDone) / blast.segments) : 0;
  return (
    <section class="card" aria-labelledby="progress-h">
      <h2 id="progress-h">Blast {blastId}</h2>
      {repeat && <p class="notice" role="status">This deal was already blasted. Nothing new was sent; this is that blast.</p>}
      <label for="blast-progress">Progress</label>
      <progress id="blast-progress" max={100} value={blast?.done ? 100 : pct} />
      <p role="status" data-testid="blast-state">
        {blast === null ? 'Starting…' : blast.done ? `Done: ${blast.usersReached} users reached.` : `${blast.segmentsDone} of ${blast.segments} segments, ${blast.usersReached} users so far…`}
      </p>
      <ProblemBanner problem={problem} />
      {blast && <Status>Requested {blast.requestedAt}</Status>}
    </section>
  );
}
