import { useState } from 'preact/hooks';
import { useNavigation } from '../app/navigation';
import { dealHref } from '../app/routes';
import { Field } from '../ui/Field';

/** Any deal by its id, at its own address (the detail says when there is no such deal). */
export function OpenById() {
  const nav = useNavigation();
  const [id, setId] = useState('');
  return (
    <form class="inline" onSubmit={(e) => {
      e.preventDefault();
      if (id.trim()) nav.go(dealHref(id.trim()));
    }}>
      <Field id="open-id" label="Open a deal by id" value={id} onInput={setId} />
      <button type="submit">Open</button>
    </form>
  );
}
