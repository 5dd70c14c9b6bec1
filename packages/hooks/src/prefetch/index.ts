/**
 * `@marketkit/hooks/prefetch` — start the store calls every first screen needs before the app's
 * JavaScript has loaded, then hand them to `MarketProvider` (`prefetched`), which uses them instead
 * of asking again. No React here: load it from a small early script.
 *
 * @packageDocumentation
 */
import {
  createMarketClient,
  createMemoryTokenStore,
  type MarketClient,
  type operations,
  type Schema,
  unwrap,
} from '@marketkit/sdk';
import { settingsStoreId, storeIdHint } from '../core/store.ts';
import { storeKeys } from '../react/query-keys.ts';
import { STORAGE_KEYS } from '../react/storage-keys.ts';

type ValidationBody = Schema<'StoreValidation'>;

/** The store calls as the hooks make them (one definition for the hooks and for prefetching). */
export function storeCalls(client: MarketClient) {
  return {
    validation: () =>
      unwrap(
        client.GET('/ums/rest/v3/validate-store', {
          params: { query: { 'store-realmname': client.realm } },
        }),
      ),
    settings: (storeId: number) =>
      unwrap(
        client.GET('/pbs/rest/v3/content-settings', {
          params: { query: { 'page-limit': 10, 'page-number': 1, 'store-id': storeId } },
        }),
      ),
    languages: () =>
      unwrap(
        client.GET('/pbs/rest/v3/languages', {
          params: { query: { 'language-code': 'en', page_number: -1 } },
        }),
      ),
  };
}

type Calls = ReturnType<typeof storeCalls>;

/** The query of `GET /pbs/rest/v3/products`. */
export type ProductsQuery = NonNullable<operations['listProducts']['parameters']['query']>;

/** Catalogue calls as the hooks make them (lists, one product, the category tree). */
export function catalogueCalls(client: MarketClient) {
  return {
    categories: () =>
      unwrap(client.GET('/pbs/rest/v3/categories', { params: { query: { page_number: -1 } } })),
    products: (query: ProductsQuery) => unwrap(client.GET('/pbs/rest/v3/products', { params: { query } })),
    product: (productId: number) =>
      unwrap(client.GET('/pbs/rest/v3/products/{productId}', { params: { path: { productId } } })),
  };
}

/** What a first screen shows besides the store, to be fetched with the store calls. */
export type ScreenData =
  | { kind: 'product'; productId: number }
  | { kind: 'products'; query: ProductsQuery }
  | { kind: 'categories' };

/** A call under way for a screen, under the cache key its hook reads. */
export interface PrefetchedQuery {
  queryKey: readonly unknown[];
  result: Promise<unknown>;
  /** Asks again (used when the early call failed). */
  retry: () => Promise<unknown>;
}

/** Store calls already under way, for `MarketProvider`'s `prefetched` prop. */
export interface PrefetchedStore {
  store: string;
  validation: Promise<ValidationBody>;
  /** Settings of the store id known ahead of validation, when there was one. */
  settings: { storeId: number; result: ReturnType<Calls['settings']> } | null;
  languages: ReturnType<Calls['languages']>;
  /** The first screen's own data (a product, a list, the categories), when asked for. */
  screen: PrefetchedQuery[];
}

export interface PrefetchStoreOptions {
  servicesHost: string;
  store: string;
  /** The store id when configuration knows it; else the one validated on the last visit is used. */
  storeId?: number | null;
  /** Where the saved language and the remembered store id are read (default: `localStorage`). */
  storage?: Pick<Storage, 'getItem'>;
  /** The first screen's data to fetch along (public catalogue data only). */
  screen?: readonly ScreenData[];
  /**
   * Answers the page already carries (a server that drew the first screen asked the same calls, as a
   * guest in the same language): used instead of asking again. `screen` follows the order of
   * `options.screen`; anything missing is asked for as usual.
   */
  answers?: PrefetchAnswers;
}

/** Answers given to `prefetchStore` in place of its calls. */
export interface PrefetchAnswers {
  validation?: ValidationBody;
  settings?: Awaited<ReturnType<Calls['settings']>>;
  languages?: Awaited<ReturnType<Calls['languages']>>;
  screen?: readonly unknown[];
}

const quiet = <T>(promise: Promise<T>) => {
  // Unused or failed prefetches must not surface as unhandled rejections; the hooks ask again.
  promise.catch(() => {});
  return promise;
};

/**
 * Starts validation, settings (when the store id is known) and the language list at once. Calls are
 * made as a guest with the saved language, exactly as the hooks would make them for these public
 * answers.
 */
export function prefetchStore(options: PrefetchStoreOptions): PrefetchedStore {
  const read = (key: string) => {
    try {
      // Even touching `localStorage` throws where storage is refused (a sandboxed frame, a policy).
      const storage = options.storage ?? globalThis.localStorage;
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const client = createMarketClient({
    servicesHost: options.servicesHost,
    store: options.store,
    tokens: createMemoryTokenStore(),
    getLanguage: () => read(STORAGE_KEYS.language),
    locks: null,
  });
  const calls = storeCalls(client);
  const catalogue = catalogueCalls(client);
  const keys = storeKeys(options.store);
  const answers = options.answers ?? {};
  /** The page's answer when it has one, else the call. */
  const given = <T>(answer: T | undefined, call: () => Promise<T>): Promise<T> =>
    answer === undefined ? call() : Promise.resolve(answer);
  const screen = (options.screen ?? []).map((data, index): PrefetchedQuery => {
    const call: { queryKey: readonly unknown[]; fetch: () => Promise<unknown> } =
      data.kind === 'product'
        ? { queryKey: keys.product(data.productId), fetch: () => catalogue.product(data.productId) }
        : data.kind === 'products'
          ? // Lists are keyed with the saved pincode; the early call is made only without one.
            {
              queryKey: keys.products({ ...data.query, pincode: '' }),
              fetch: () => catalogue.products(data.query),
            }
          : { queryKey: keys.categories(), fetch: catalogue.categories };
    return {
      queryKey: call.queryKey,
      result: quiet(given(answers.screen?.[index], call.fetch)),
      retry: call.fetch,
    };
  });
  const hint = options.storeId ?? storeIdHint(read(STORAGE_KEYS.storeId), client.realm);
  const storeId = settingsStoreId({ status: 'loading' }, hint);
  return {
    store: options.store,
    validation: quiet(given(answers.validation, calls.validation)),
    settings:
      storeId === null
        ? null
        : { storeId, result: quiet(given(answers.settings, () => calls.settings(storeId))) },
    languages: quiet(given(answers.languages, calls.languages)),
    screen,
  };
}
