// Every place in the CMS has its own address (a hash route), so reload, Back and a shared link work.
//   #/deals                      the latest deals, and a new one (desktop: side by side)
//   #/deals/new                  a new deal
//   #/deals/<dealId>             one deal: its detail and correction
//   #/brands                     brands and categories
//   #/featured/frontpage | editors-choice | category/<categoryId>
//   #/blast  ·  #/blast/<blastId>
//   #/reports                    the moderation queue: deals with open reports, the longest waiting first

export type FeaturedList = { kind: 'frontpage' } | { kind: 'editors-choice' } | { kind: 'category'; id: string };

export type Route =
  | { page: 'deals'; open: { kind: 'none' } | { kind: 'new' } | { kind: 'deal'; id: string } }
  | { page: 'brands' }
  | { page: 'featured'; list: FeaturedList }
  | { page: 'blast'; blastId?: string }
  | { page: 'reports' };

export type PageName = Route['page'];

export const HOME: Route = { page: 'deals', open: { kind: 'none' } };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [page, a, b] = parts;
  switch (page) {
    case 'deals':
      return { page, open: !a ? { kind: 'none' } : a === 'new' ? { kind: 'new' } : { kind: 'deal', id: a } };
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
      return route.open.kind === 'none' ? path('deals') : route.open.kind === 'new' ? path('deals', 'new') : path('deals', route.open.id);
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
