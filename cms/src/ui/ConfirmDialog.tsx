import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/**
 * A modal question with one consequential answer and a way out. `open` shows it; closing it by Escape
 * counts as "cancel". The safe answer has the focus.
 */
export function ConfirmDialog(props: {
  id: string; open: boolean; title: string; children: ComponentChildren;
  confirm: string; cancel?: string; danger?: boolean; onConfirm: () => void; onCancel: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialogRef.current;
    if (!d) return;
    if (props.open && !d.open) d.showModal();
    if (!props.open && d.open) d.close();
  }, [props.open]);
  return (
    <dialog ref={dialogRef} aria-labelledby={`${props.id}-h`} onCancel={(e) => { e.preventDefault(); props.onCancel(); }}>
      <h2 id={`${props.id}-h`}>{props.title}</h2>
      {props.children}
      <div class="actions">
        <button type="button" class={props.danger ? 'danger' : 'primary'} onClick={props.onConfirm}>{props.confirm}</button>
        <button type="button" autoFocus onClick={props.onCancel}>{props.cancel ?? 'Cancel'}</button>
      </div>
    </dialog>
  );
}
