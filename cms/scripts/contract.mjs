// Writes src/api/contract.ts: the limits the CMS shows or checks, read from docs/openapi.yaml at build time
// (like schema.d.ts, which carries the types but no values). A limit that changes in the contract changes
// here with the next build; one that moves or disappears from the document fails the build, by name.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const DOCUMENT = fileURLToPath(new URL('../../docs/openapi.yaml', import.meta.url));
const TARGET = fileURLToPath(new URL('../src/api/contract.ts', import.meta.url));

/** The value at a path in the document (a function picks from an array); throws, naming the path, when absent. */
function at(doc, ...keys) {
  let node = doc;
  for (const k of keys) {
    node = typeof k === 'function' ? (Array.isArray(node) ? node.find(k) : undefined) : node?.[k];
    if (node === undefined || node === null) {
      throw new Error(`docs/openapi.yaml has no ${keys.map((x) => (typeof x === 'function' ? '[…]' : x)).join('.')}`);
    }
  }
  return node;
}

/** Decimal places of a price: multipleOf when the document states it, else its "At most N decimal places". */
function decimals(price) {
  if (price.multipleOf !== undefined) return (String(price.multipleOf).split('.')[1] ?? '').length;
  const m = /At most (\d+) decimal places/.exec(price.description ?? '');
  if (!m) throw new Error('docs/openapi.yaml states no decimal places for Deal.price (multipleOf or description)');
  return Number(m[1]);
}

/** name → [value, what it is and where it comes from]. */
export function contractValues(doc) {
  const price = at(doc, 'components', 'schemas', 'Deal', 'properties', 'price');
  const slug = at(doc, 'components', 'schemas', 'Brand', 'properties', 'id');
  const limit = at(doc, 'paths', '/deals', 'get', 'parameters', (p) => p.name === 'limit', 'schema');
  return {
    FEATURED_MAX: [at(doc, 'components', 'schemas', 'FeaturedIds', 'properties', 'dealIds', 'maxItems'),
      'Deals in one featured list (FeaturedIds.dealIds.maxItems).'],
    PAGE_SIZE: [at(limit, 'default'), "Deals in a page of a latest-deals list when the CMS names no limit (the limit parameter's default)."],
    PAGE_MAX: [at(limit, 'maximum'), 'The most deals one page of a latest-deals list may hold (the limit parameter\'s maximum).'],
    PRICE_MIN: [at(price, 'minimum'), 'Lowest price (Deal.price.minimum).'],
    PRICE_MAX: [at(price, 'maximum'), 'Highest price (Deal.price.maximum).'],
    PRICE_DECIMALS: [decimals(price), 'Decimal places a price may have (Deal.price: multipleOf, or its description).'],
    SLUG_MAX: [at(slug, 'maxLength'), 'Length of a brand or category id (Brand.id.maxLength).'],
    TITLE_MAX: [at(doc, 'components', 'schemas', 'NewDeal', 'properties', 'title', 'maxLength'), 'Characters in a title (NewDeal.title.maxLength).'],
    DESCRIPTION_MAX: [at(doc, 'components', 'schemas', 'NewDeal', 'properties', 'description', 'maxLength'),
      'Characters in a description (NewDeal.description.maxLength).'],
    URL_MAX: [at(doc, 'components', 'schemas', 'NewDeal', 'properties', 'link', 'maxLength'), 'Characters in a link (NewDeal.link.maxLength).'],
    NAME_MAX: [at(doc, 'components', 'schemas', 'NewBrand', 'properties', 'name', 'maxLength'), 'Characters in a brand or category name (NewBrand.name.maxLength).'],
  };
}

export const readContract = () => contractValues(parse(readFileSync(DOCUMENT, 'utf8')));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lines = Object.entries(readContract()).map(([name, [value, what]]) => `/** ${what} */\nexport const ${name} = ${JSON.stringify(value)};`);
  writeFileSync(TARGET, `// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run generate): do not edit, do not commit.\n${lines.join('\n')}\n`);
}
