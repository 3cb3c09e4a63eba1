import { useEffect, useState } from 'preact/hooks';
import { type Blast, call, type Problem } from '../api/client';
import { day } from '../lib/format';
import { useApi } from '../ui/api';
import { ProblemBanner } from '../ui/messages';

const POLL_MS = 1000;

/** Polls the blast until the stream consumer reports every segment done. */
export function Progress({ blastId, repeat }: { blastId: string; repeat: boolean }) {
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
      // Keep polling through a network blip; stop once done, or when there is no such blast.
      if (!o.ok ? o.problem.status !== 404 : !o.data.done) timer = setTimeout(poll, POLL_MS);
    };
    poll();
    return () => { live = false; clearTimeout(timer); };
  }, [api, blastId]);
  const pct = blast && blast.segments > 0 ? Math.round((100 * blast.segmentsDone) / blast.segments) : 0;
  return (
    <section class="card" aria-labelledby="progress-h">
      <h2 id="progress-h">Blast {blastId}</h2>
      {repeat && <p class="notice" role="status">This deal was already blasted. Nothing new was sent; this is that blast.</p>}
      <label for="blast-progress">Progress</label>
      <progress id="blast-progress" max={100} value={blast?.done ? 100 : pct} />
      <p role="status" data-testid="blast-state">
        {blast === null ? (problem ? 'Unknown.' : 'Loading…') : blast.done ? `Done: ${blast.usersReached} users reached.` : `${blast.segmentsDone} of ${blast.segments} segments, ${blast.usersReached} users so far…`}
      </p>
      <ProblemBanner problem={problem} />
      {blast && <p class="meta">Requested {day(blast.requestedAt)}</p>}
    </section>
  );
}
