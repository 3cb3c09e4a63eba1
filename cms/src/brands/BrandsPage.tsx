import { useState } from 'preact/hooks';
import { useCatalog } from './catalog';
import { CatalogSection } from './CatalogSection';

export function BrandsPage() {
  const [reloads, setReloads] = useState(0);
  const catalog = useCatalog(reloads);
  const reload = () => setReloads((n) => n + 1);
  return (
    <>
      <h1>Brands &amp; categories</h1>
      <div class="columns">
        <CatalogSection kind="brands" items={catalog.brands} onCreated={reload} />
        <CatalogSection kind="categories" items={catalog.categories} onCreated={reload} />
      </div>
    </>
  );
}
