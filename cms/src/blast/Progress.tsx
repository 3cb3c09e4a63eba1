import { useEffect } from 'preact/hooks';
import { call } from '../api/client';
import { day } from '../lib/format';
import { useKeyed } from '../lib/keyed';
import { useApi } from '../ui/api';
import { ProblemBanner } from '../ui/messages';

const POLL_MS = 1000;

/** Polls the blast until the stream consumer reports every segment done. */
export function Progress({ blastId, repeat }: { blastId: string; repeat: boolean }) {
  const api = useApi();
  const { data: blast, problem, loading, refetch } = useKeyed(blastId,
    () => call(api.GET('/cms/hot-deals/{blastId}', { params: { path: { blastId } } })));
  // Polls once each answer is in: through a network blip too; not once done, nor when there is no such blast.
  const again = !loading && (problem ? problem.status !== 404 : blast !== null && !blast.done);
  useEffect(() => {
    if (!again) return;
    const timer = setTimeout(refetch, POLL_MS);
    return () => clearTimeout(timer);
  }, [again, refetch]);
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
