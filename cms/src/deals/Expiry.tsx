import { useState } from 'preact/hooks';
import { call, type EditedDeal } from '../api/client';
import { useAction } from '../lib/action';
import { day, localValue, now, utcInstant } from '../lib/format';
import { useApi } from '../ui/api';
import { Field } from '../ui/Field';
import { ProblemBanner, Status } from '../ui/messages';

/**
 * Set, move or clear the deal's expiry; "now" expires it at once (it leaves featured sections). Sent with the version
 * shown (If-Match): a deal another editor changed meanwhile is refused and shown as it is now.
 */
export function Expiry({ deal, onChanged }: { deal: EditedDeal; onChanged: (d: EditedDeal) => void }) {
  const api = useApi();
  const [at, setAt] = useState(deal.expiresAt ? localValue(deal.expiresAt) : '');
  const action = useAction();
  const patch = (expiresAt: string | null) => action.run(async () => {
    const o = await call(api.PATCH('/cms/deals/{dealId}', {
      params: { path: { dealId: deal.id }, header: { 'If-Match': `"v${deal.version}"` } }, body: { expiresAt },
    }));
    if (!o.ok) {
      const current = o.problem.current;
      return { problem: o.problem, after: () => { if (current) onChanged(current); } };
    }
    return {
      done: o.data.expired ? 'Expired.' : o.data.expiresAt ? `Expires ${day(o.data.expiresAt)}.` : 'No expiry now.',
      after: () => { onChanged(o.data); setAt(o.data.expiresAt ? localValue(o.data.expiresAt) : ''); },
    };
  });
  return (
    <form class="section inline" noValidate aria-label="Expiry" onSubmit={(e) => { e.preventDefault(); patch(at ? utcInstant(at) : null); }}>
      <Field id="expiresAt" label="Expires at, UTC" type="datetime-local" value={at} onInput={setAt} problem={action.problem} />
      <button type="submit" disabled={action.busy}>Set expiry</button>
      <button type="button" onClick={() => patch(now())} disabled={deal.expired || action.busy}>Expire now</button>
      {deal.expiresAt && <button type="button" disabled={action.busy} onClick={() => patch(null)}>Clear expiry</button>}
      <ProblemBanner problem={action.problem} fields={['expiresAt']} />
      {action.done && <Status>{action.done}</Status>}
    </form>
  );
}
