import { useEffect, useState } from 'preact/hooks';
import { call } from '../api/client';
import { useApi } from '../ui';

export interface Named { id: string; name: string }
export interface Catalog { brands: Named[] | null; categories: Named[] | null }

/** Every brand and category, loaded in parallel once per page: the pickers' lists. */
export function useCatalog(reloads = 0): Catalog {
  const api = useApi();
  const [brands, setBrands] = useState<Named[] | null>(null);
  const [categories, setCategories] = useState<Named[] | null>(null);
  useEffect(() => {
    call(api.GET('/brands')).then((o) => o.ok && setBrands(o.data.brands));
    call(api.GET('/categories')).then((o) => o.ok && setCategories(o.data.categories));
  }, [reloads]);
  return { brands, categories };
}
