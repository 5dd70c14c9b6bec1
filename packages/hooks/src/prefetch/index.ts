/**
 * `@marketkit/hooks/prefetch` — the hooks' own queries without React: their query options (key,
 * function, stale time) for TanStack Query on a server that renders the page (`prefetchQuery`, then
 * `dehydrate`), and `prefetchStore` to start the store calls from a small early script in a page
 * rendered in the browser only.
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
import { dealsQuery, type ListingFilters, productsQuery } from '../core/catalogue.ts';
import { storedActivePincode } from '../core/pincode.ts';
import { settingsStoreId, storeIdHint } from '../core/store.ts';
import { STORAGE_KEYS, storeKeys } from '../keys/index.ts';

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
    slots: (productId: number) =>
      unwrap(client.GET('/sos/rest/v3/slots', { params: { query: { product_id: productId } } })),
    availability: (productId: number, pincode: string) =>
      unwrap(
        client.GET('/pbs/rest/v3/products/{productId}/availability', {
          params: { path: { productId }, query: { pincode } },
        }),
      ),
  };
}

/** Store validation, settings and languages change rarely: a revisit within this time asks nothing. */
export const STORE_STALE_MS = 5 * 60 * 1000;
/** Catalogue structure (categories, policies) changes rarely: a revisit within this time asks nothing. */
export const CATALOGUE_STALE_MS = 5 * 60 * 1000;
/** Product lists and pages: a listing seen in the last minute comes back from the cache at once. */
export const PRODUCT_STALE_MS = 60 * 1000;

/**
 * One query as the hooks ask it: TanStack Query's options (`useQuery`, `prefetchQuery`,
 * `ensureQueryData`), so an answer fetched elsewhere (a server rendering the page) lands under the key
 * the hook reads and counts as fresh for as long as the hook would keep it.
 */
export interface MarketQuery<T> {
  queryKey: readonly unknown[];
  queryFn: () => Promise<T>;
  staleTime: number;
}

/** The store's own queries (validation, settings, languages), as `useStoreBootstrap` and `useLanguage` ask them. */
export function storeQueries(client: MarketClient) {
  const keys = storeKeys(client.store);
  const calls = storeCalls(client);
  return {
    validation: (): MarketQuery<Awaited<ReturnType<Calls['validation']>>> => ({
      queryKey: keys.storeValidation(),
      queryFn: calls.validation,
      staleTime: STORE_STALE_MS,
    }),
    settings: (storeId: number): MarketQuery<Awaited<ReturnType<Calls['settings']>>> => ({
      queryKey: keys.settings(storeId),
      queryFn: () => calls.settings(storeId),
      staleTime: STORE_STALE_MS,
    }),
    languages: (): MarketQuery<Awaited<ReturnType<Calls['languages']>>> => ({
      queryKey: keys.languages(),
      queryFn: calls.languages,
      staleTime: STORE_STALE_MS,
    }),
  };
}

type Catalogue = ReturnType<typeof catalogueCalls>;

/**
 * The catalogue's queries as the hooks ask them (`useCategories`, `useProducts`, `useDeals`,
 * `useProduct`). Lists are keyed with the pincode the client sends (`pincode`: the active one, not
 * `allProducts`), as the hooks key them.
 */
export function catalogueQueries(client: MarketClient, options: { pincode?: string | null } = {}) {
  const keys = storeKeys(client.store);
  const calls = catalogueCalls(client);
  const pincode = options.pincode ?? '';
  const list = (query: ProductsQuery): MarketQuery<Awaited<ReturnType<Catalogue['products']>>> => ({
    queryKey: keys.products({ ...query, pincode }),
    queryFn: () => calls.products(query),
    staleTime: PRODUCT_STALE_MS,
  });
  return {
    categories: (): MarketQuery<Awaited<ReturnType<Catalogue['categories']>>> => ({
      queryKey: keys.categories(),
      queryFn: calls.categories,
      staleTime: CATALOGUE_STALE_MS,
    }),
    /** A page of products for listing filters (`parseListingFilters` of the core). */
    products: (filters: ListingFilters, perPage?: number) => list(productsQuery(filters, perPage)),
    /** The products on a deal (the home page's row). */
    deals: (limit = 10) => list(dealsQuery(limit)),
    product: (productId: number): MarketQuery<Awaited<ReturnType<Catalogue['product']>>> => ({
      queryKey: keys.product(productId),
      queryFn: () => calls.product(productId),
      staleTime: PRODUCT_STALE_MS,
    }),
    /** A service's bookable slots (the whole answer; `useProductSlots` selects its list). */
    slots: (productId: number): MarketQuery<Awaited<ReturnType<Catalogue['slots']>>> => ({
      queryKey: keys.slots(productId),
      queryFn: () => calls.slots(productId),
      staleTime: PRODUCT_STALE_MS,
    }),
    /** Whether a product is delivered to a (well-formed) pincode, as `useAvailability` asks it. */
    availability: (
      productId: number,
      pincode: string,
    ): MarketQuery<Awaited<ReturnType<Catalogue['availability']>>> => ({
      queryKey: keys.availability(productId, pincode),
      queryFn: () => calls.availability(productId, pincode),
      staleTime: PRODUCT_STALE_MS,
    }),
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
  /**
   * Where the saved language, pincode and the remembered store id are read (default: `localStorage`).
   */
  storage?: Pick<Storage, 'getItem'>;
  /** The first screen's data to fetch along (public catalogue data only). */
  screen?: readonly ScreenData[];
  /**
   * `fetch` the calls go through (default: the global one): a page that started the same calls
   * earlier (an inline script) answers them from what it already asked.
   */
  fetch?: (request: Request) => Promise<Response>;
}

const quiet = <T>(promise: Promise<T>) => {
  // Unused or failed prefetches must not surface as unhandled rejections; the hooks ask again.
  promise.catch(() => {});
  return promise;
};

/**
 * Starts validation, settings (when the store id is known) and the language list at once. Calls are
 * made as a guest with the saved language and pincode (the SDK's `language-code` and `pin-code`),
 * exactly as the hooks would make them for these public answers.
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
  const pincode = storedActivePincode(read(STORAGE_KEYS.pincode));
  const client = createMarketClient({
    servicesHost: options.servicesHost,
    store: options.store,
    tokens: createMemoryTokenStore(),
    getLanguage: () => read(STORAGE_KEYS.language),
    getPincode: () => pincode,
    locks: null,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const calls = storeCalls(client);
  const catalogue = catalogueCalls(client);
  const keys = storeKeys(options.store);
  const screen = (options.screen ?? []).map((data): PrefetchedQuery => {
    const call: { queryKey: readonly unknown[]; fetch: () => Promise<unknown> } =
      data.kind === 'product'
        ? { queryKey: keys.product(data.productId), fetch: () => catalogue.product(data.productId) }
        : data.kind === 'products'
          ? // Lists are keyed with the pincode they are asked for, as the hooks key them.
            {
              queryKey: keys.products({ ...data.query, pincode: pincode ?? '' }),
              fetch: () => catalogue.products(data.query),
            }
          : { queryKey: keys.categories(), fetch: catalogue.categories };
    return {
      queryKey: call.queryKey,
      result: quiet(call.fetch()),
      retry: call.fetch,
    };
  });
  const hint = options.storeId ?? storeIdHint(read(STORAGE_KEYS.storeId), client.realm);
  const storeId = settingsStoreId({ status: 'loading' }, hint);
  return {
    store: options.store,
    validation: quiet(calls.validation()),
    settings: storeId === null ? null : { storeId, result: quiet(calls.settings(storeId)) },
    languages: quiet(calls.languages()),
    screen,
  };
}
