import { useEffect, useRef, useState } from 'preact/hooks';
import type { Deal } from '../api/client';
import { DealLine } from '../ui/DealLine';
import { moved } from './list';

/** The list in order: drag and drop, Alt+↑/↓ on a focused item, or its buttons. */
export function Reorderable({ list, onChange }: { list: Deal[]; onChange: (next: Deal[], words: string) => void }) {
  const draggedRef = useRef<number | null>(null);
  const itemsRef = useRef<(HTMLLIElement | null)[]>([]);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusAt !== null) itemsRef.current[focusAt]?.focus();
  }, [focusAt, list]);

  const move = (from: number, to: number) => {
    const next = moved(list, from, to);
    if (!next) return;
    onChange(next, `Moved “${list[from].title}” to position ${to + 1} of ${list.length}.`);
    setFocusAt(to);
  };
  if (list.length === 0) return <p>Nothing featured yet: add deals from the latest list.</p>;
  return (
    <ol class="featured" aria-describedby="reorder-help">
      {list.map((d, i) => (
        <li key={d.id} ref={(el) => { itemsRef.current[i] = el; }} tabIndex={0} draggable
          aria-label={`${i + 1}. ${d.title}`}
          onKeyDown={(e) => {
            if (e.target !== e.currentTarget || !e.altKey) return;
            if (e.key === 'ArrowUp') { e.preventDefault(); move(i, i - 1); }
            if (e.key === 'ArrowDown') { e.preventDefault(); move(i, i + 1); }
          }}
          onDragStart={(e) => { draggedRef.current = i; e.dataTransfer?.setData('text/plain', d.id); }}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => { e.preventDefault(); if (draggedRef.current !== null) move(draggedRef.current, i); draggedRef.current = null; }}>
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
