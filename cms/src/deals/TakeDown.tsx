import { useState } from 'preact/hooks';
import { call, type Deal } from '../api/client';
import { useAction } from '../lib/action';
import { useApi } from '../ui/api';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { ProblemBanner } from '../ui/messages';

/** Takedown, after a confirmation: the deal leaves every list; the API answers 204, also when repeated. */
export function TakeDown({ deal, onTakenDown }: { deal: Deal; onTakenDown: () => void }) {
  const api = useApi();
  const [asking, setAsking] = useState(false);
  const action = useAction();
  const takeDown = () => {
    setAsking(false);
    action.run(async () => {
      const o = await call(api.DELETE('/cms/deals/{dealId}', { params: { path: { dealId: deal.id } } }));
      if (!o.ok) return { problem: o.problem };
      return { after: onTakenDown };
    });
  };
  return (
    <section class="section danger-zone" aria-label="Take down">
      <button type="button" class="danger" disabled={action.busy} onClick={() => setAsking(true)}>Take down…</button>
      <ProblemBanner problem={action.problem} />
      <TakeDownQuestion id="takedown" deal={deal} open={asking} onConfirm={takeDown} onCancel={() => setAsking(false)} />
    </section>
  );
}

/** The question before a takedown, wherever an editor asks for one. */
export function TakeDownQuestion({ id, deal, open, onConfirm, onCancel }: {
  id: string; deal: Deal; open: boolean; onConfirm: () => void; onCancel: () => void;
}) {
  return (
    <ConfirmDialog id={id} open={open} title="Take this deal down?" danger confirm="Take it down" onConfirm={onConfirm} onCancel={onCancel}>
      <p>“{deal.title}” leaves the front page, every latest list and every featured section, and its page answers
        “not found”. Messages already sent stay in users' inboxes. This cannot be undone.</p>
    </ConfirmDialog>
  );
}
