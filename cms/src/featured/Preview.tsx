import type { Deal } from '../api/client';
import { money } from '../lib/format';
import { Img } from '../ui/Img';
import { Loading } from '../ui/messages';

/** The section as the app shows it: a phone-width column of cards, in order. */
export function Preview({ title, list, dirty }: { title: string; list: Deal[] | null; dirty: boolean }) {
  return (
    <section aria-labelledby="preview-h">
      <h2 id="preview-h">Preview {dirty ? '(unsaved)' : ''}</h2>
      <div class="phone" data-testid="preview">
        <div class="phone-title">{title}</div>
        {list === null ? <Loading>Loading…</Loading> : list.length === 0 ? <p class="meta">Nothing featured.</p> : list.map((d) => (
          <article class="phone-card" key={d.id}>
            <Img src={d.imageUrl} alt="" size={48} />
            <div>
              <h3>{d.title}</h3>
              <p><span class="price">{money(d.price)}</span> · {d.brandName}</p>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
