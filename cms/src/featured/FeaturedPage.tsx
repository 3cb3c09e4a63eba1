import { useNavigation } from '../app/navigation';
import { type FeaturedList, featuredHref, type Route } from '../app/routes';
import { type Catalog, useCatalog } from '../brands/catalog';
import { FeaturedEditor } from './FeaturedEditor';

const keyOf = (l: FeaturedList) => (l.kind === 'category' ? `category:${l.id}` : l.kind);
function listOf(key: string): FeaturedList {
  if (key.startsWith('category:')) return { kind: 'category', id: key.slice('category:'.length) };
  return key === 'editors-choice' ? { kind: 'editors-choice' } : { kind: 'frontpage' };
}
function nameOf(l: FeaturedList, catalog: Catalog) {
  if (l.kind === 'frontpage') return 'Front page';
  if (l.kind === 'editors-choice') return "Editor's Choice";
  return catalog.categories?.find((c) => c.id === l.id)?.name ?? l.id;
}

/** One featured list at a time, each at its own address; switching lists is leaving one (unsaved edits ask). */
export function FeaturedPage({ route }: { route: Extract<Route, { page: 'featured' }> }) {
  const nav = useNavigation();
  const catalog = useCatalog();
  const key = keyOf(route.list);
  const known = route.list.kind !== 'category' || catalog.categories === null || catalog.categories.some((c) => `category:${c.id}` === key);
  return (
    <>
      <h1>Featured lists</h1>
      <div class="toolbar">
        <label for="target">List</label>
        <select id="target" value={key} onChange={(e) => {
          const wanted = e.currentTarget.value;
          e.currentTarget.value = key; // the address decides what shows, once the editor has agreed to leave
          nav.go(featuredHref(listOf(wanted)));
        }}>
          <option value="frontpage">Front page</option>
          <option value="editors-choice">Editor's Choice</option>
          <optgroup label="Categories">
            {!known || (route.list.kind === 'category' && catalog.categories === null)
              ? <option value={key}>{nameOf(route.list, catalog)}</option> : null}
            {catalog.categories?.map((c) => <option value={`category:${c.id}`}>{c.name}</option>)}
          </optgroup>
        </select>
      </div>
      <FeaturedEditor key={key} list={route.list} name={nameOf(route.list, catalog)} />
    </>
  );
}
