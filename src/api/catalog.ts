import type { Catalog, OperationId } from '../contract/catalog';
import type { CacheClass } from '../contract/operation';

/**
 * The contract's catalog in the browser, loaded on first use in a chunk of its own: the schemas of all
 * operations are most of its weight and of its start-up work, and the first paint needs none of them.
 * `src/contract/catalog.ts` stays the one source; this only decides when the browser reads it.
 */

let loaded: Catalog | null = null;
let loading: Promise<Catalog> | null = null;

/** The catalog, importing its chunk the first time (every caller shares that one import). */
export function loadCatalog(): Promise<Catalog> {
  loading ??= import('../contract/catalog').then((module) => {
    loaded = module.catalog;
    return loaded;
  });
  return loading;
}

/**
 * An operation's cache class once the catalog is loaded, else null. Every answer in the query cache was
 * parsed with the catalog, so code that looks at answers always gets the class.
 */
export function loadedCacheClass(id: string): CacheClass | null {
  return loaded !== null && isIdIn(loaded, id) ? loaded[id].cache : null;
}

function isIdIn(catalog: Catalog, id: string): id is OperationId {
  return Object.hasOwn(catalog, id);
}
