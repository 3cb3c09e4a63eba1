// Every place in the CMS has its own address (a hash route), so reload, Back and a shared link work.
//   #/deals                      the latest deals, and a new one (desktop: side by side)
//   #/deals/new                  a new deal
//   #/deals/<dealId>             one deal: its detail and correction
//   ...?show=brand:<id>&q=<words>&sort=temperature&page=2   the list beside it: its filter, search, order and how
//                                many pages of it are shown (any deals address)
//   #/brands                     brands and categories
//   #/featured/frontpage | editors-choice | category/<categoryId>
//   #/blast  ·  #/blast/<blastId>
//   #/reports                    the moderation queue: deals with open reports, the longest waiting first

export type FeaturedList = { kind: 'frontpage' } | { kind: 'editors-choice' } | { kind: 'category'; id: string };

/**
 * The deals list as shown: which deals (`all`, `brand:<id>`, `category:<id>`), a search's words, the order, and how many
 * pages of it (1 and up: "Older deals" or "More deals" adds one).
 */
export interface ListView { show: string; q: string; sort: Sort; page: number }
export type Sort = 'newest' | 'temperature' | 'price';
export const SORTS: Sort[] = ['newest', 'temperature', 'price'];
export const DEFAULT_LIST: ListView = { show: 'all', q: '', sort: 'newest', page: 1 };
/** The most pages an address can ask for: each page of the newest-first list is one more request in turn. */
export const PAGES_MAX = 40;

export type Route =
  | { page: 'deals'; open: { kind: 'none' } | { kind: 'new' } | { kind: 'deal'; id: string }; list?: ListView }
  | { page: 'brands' }
  | { page: 'featured'; list: FeaturedList }
  | { page: 'blast'; blastId?: string }
  | { page: 'reports' };

export type PageName = Route['page'];

export const HOME: Route = { page: 'deals', open: { kind: 'none' } };

function listOf(query: string): ListView | undefined {
  if (!query) return undefined;
  const q = new URLSearchParams(query);
  const sort = q.get('sort') as Sort | null;
  const show = q.get('show') ?? 'all';
  return {
    show: /^(all|brand:[a-z0-9-]+|category:[a-z0-9-]+)$/.test(show) ? show : 'all',
    q: (q.get('q') ?? '').slice(0, 200),
    sort: sort && SORTS.includes(sort) ? sort : 'newest',
    page: /^[1-9][0-9]{0,3}$/.test(q.get('page') ?? '') ? Math.min(Number(q.get('page')), PAGES_MAX) : 1,
  };
}

/** The list's part of an address: only what differs from the default list. */
export function listQuery(list: ListView | undefined): string {
  if (!list) return '';
  const q = new URLSearchParams();
  if (list.show !== 'all') q.set('show', list.show);
  if (list.q) q.set('q', list.q);
  if (list.sort !== 'newest') q.set('sort', list.sort);
  if (list.page > 1) q.set('page', String(list.page));
  const text = q.toString();
  return text ? `?${text}` : '';
}

export function parseRoute(hash: string): Route {
  const [path, query = ''] = hash.split('?');
  const parts = path.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [page, a, b] = parts;
  switch (page) {
    case 'deals': {
      const list = listOf(query);
      return { page, open: !a ? { kind: 'none' } : a === 'new' ? { kind: 'new' } : { kind: 'deal', id: a }, ...(list ? { list } : {}) };
    }
    case 'brands':
      return { page };
    case 'featured':
      return {
        page,
        list: a === 'editors-choice' ? { kind: a } : a === 'category' && b ? { kind: 'category', id: b } : { kind: 'frontpage' },
      };
    case 'blast':
      return a ? { page, blastId: a } : { page };
    case 'reports':
      return { page };
    default:
      return HOME;
  }
}

export function hrefOf(route: Route): string {
  const path = (...parts: string[]) => `#/${parts.map(encodeURIComponent).join('/')}`;
  switch (route.page) {
    case 'deals':
      return (route.open.kind === 'none' ? path('deals') : route.open.kind === 'new' ? path('deals', 'new') : path('deals', route.open.id))
        + listQuery(route.list);
    case 'brands':
      return path('brands');
    case 'featured':
      return route.list.kind === 'category' ? path('featured', 'category', route.list.id) : path('featured', route.list.kind);
    case 'blast':
      return route.blastId ? path('blast', route.blastId) : path('blast');
    case 'reports':
      return path('reports');
  }
}

export const dealHref = (id: string) => hrefOf({ page: 'deals', open: { kind: 'deal', id } });
export const featuredHref = (list: FeaturedList) => hrefOf({ page: 'featured', list });
