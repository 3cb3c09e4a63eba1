import { useEffect, useState } from 'preact/hooks';
import { type BrandSummary, call, type CategorySummary } from '../api/client';
import { useApi } from '../ui/api';

export interface Catalog { brands: BrandSummary[] | null; categories: CategorySummary[] | null }

/** Every brand and category, loaded in parallel once per page (and again when `reloads` changes): the pickers' lists. */
export function useCatalog(reloads = 0): Catalog {
  const api = useApi();
  const [brands, setBrands] = useState<BrandSummary[] | null>(null);
  const [categories, setCategories] = useState<CategorySummary[] | null>(null);
  useEffect(() => {
    let live = true;
    call(api.GET('/brands')).then((o) => live && o.ok && setBrands(o.data.brands));
    call(api.GET('/categories')).then((o) => live && o.ok && setCategories(o.data.categories));
    return () => { live = false; };
  }, [api, reloads]);
  return { brands, categories };
}
