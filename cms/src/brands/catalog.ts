import { type BrandSummary, call, type CategorySummary } from '../api/client';
import { useKeyed } from '../lib/keyed';
import { useApi } from '../ui/api';

export interface Catalog { brands: BrandSummary[] | null; categories: CategorySummary[] | null }

/**
 * Every brand and category, loaded in parallel once per page (and again when `reloads` changes, the lists shown
 * kept until the fresh ones are in): the pickers' lists.
 */
export function useCatalog(reloads = 0): Catalog {
  const api = useApi();
  const brands = useKeyed('brands', async () => {
    const o = await call(api.GET('/brands'));
    return o.ok ? { ...o, data: o.data.brands } : o;
  }, reloads);
  const categories = useKeyed('categories', async () => {
    const o = await call(api.GET('/categories'));
    return o.ok ? { ...o, data: o.data.categories } : o;
  }, reloads);
  return { brands: brands.data, categories: categories.data };
}
