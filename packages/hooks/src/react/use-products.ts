import { type ResponseBody, type Schema, unwrap } from '@marketkit/sdk';
import { keepPreviousData } from '@tanstack/react-query';
import { activePincode, DEFAULT_LISTING, type ListingFilters, RECENTLY_VIEWED_LIMIT } from '../core/index.ts';
import { catalogueQueries, PRODUCT_STALE_MS } from '../prefetch/index.ts';
import { type MarketQueryResult, useMarketQuery } from './market-query.ts';
import { useMarket } from './provider.tsx';
import type { CatalogueQueryOptions } from './use-categories.ts';
import { useStoreValue } from './use-store-sync.ts';

/** The saved delivery pincode narrows lists (the SDK sends it); it is part of their cache keys. */
function useListPincode() {
  const market = useMarket();
  return activePincode(useStoreValue(market.state.pincode)) ?? '';
}

/**
 * Which products `useProducts` lists: any of the listing's filters (`category`, `search`,
 * `productType`, `itemType`, `minPrice`, `maxPrice`, `sort`, `page`); those left out are
 * `DEFAULT_LISTING`'s (every product, by relevance, page 1). `parseListingFilters` reads them from a
 * URL's query.
 */
export type ProductFilters = Partial<ListingFilters>;

/** Options of `useProducts`. */
export interface UseProductsOptions extends CatalogueQueryOptions {
  /** Products per page (default 10; the contract's `page_limit`). */
  perPage?: number;
}

/**
 * What `useProducts` returns: a page of products (`data.data`, and `data.pagination` with the total),
 * `error` a `MarketApiError`.
 */
export type UseProductsResult = MarketQueryResult<ResponseBody<'listProducts'>>;

/**
 * A page of products for listing filters (see `ProductFilters`). The previous page stays on screen
 * while the next one loads; a listing seen within `PRODUCT_STALE_MS` is served from the cache.
 *
 * @example
 * const page = useProducts({ search: 'lamp', sort: 'price_asc' }, { perPage: 20 });
 */
export function useProducts(
  filters: ProductFilters = {},
  options: UseProductsOptions = {},
): UseProductsResult {
  const market = useMarket();
  const pincode = useListPincode();
  return useMarketQuery({
    ...catalogueQueries(market.client, { pincode }).products(
      { ...DEFAULT_LISTING, ...filters },
      options.perPage,
    ),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** What `useDeals` returns: the products on a deal, `error` a `MarketApiError`. */
export type UseDealsResult = MarketQueryResult<Schema<'ProductSummary'>[]>;

/** Products on a deal (the home page's row), biggest discount first. */
export function useDeals(limit = 10, options: CatalogueQueryOptions = {}): UseDealsResult {
  const market = useMarket();
  const pincode = useListPincode();
  return useMarketQuery({
    ...catalogueQueries(market.client, { pincode }).deals(limit),
    select: (page) => page.data,
    enabled: options.enabled ?? true,
  });
}

/** Options of `useRecommendations`. */
export interface RecommendationsOptions {
  /** The validated store's id (`useStoreBootstrap().settings?.store_id`); nothing is asked while null. */
  storeId: number | null;
  /** Products like this one; else from what the shopper viewed. */
  productId?: number;
  /** How many (default 10). */
  limit?: number;
  /** `false` defers the request. */
  enabled?: boolean;
}

/** What `useRecommendations` returns, `error` a `MarketApiError`. */
export type UseRecommendationsResult = MarketQueryResult<ResponseBody<'listRecommendations'>>;

/**
 * Recommendations for the store (similar to `productId` when given, else from what was viewed).
 * Needs the validated store id, so it waits for store validation.
 */
export function useRecommendations(options: RecommendationsOptions): UseRecommendationsResult {
  const market = useMarket();
  const viewed = useStoreValue(market.state.recentlyViewed);
  const query = {
    'store-id': options.storeId ?? 0,
    ...(options.productId ? { product_id: options.productId } : {}),
    ...(viewed.length > 0 ? { recently_viewed: viewed.slice(0, RECENTLY_VIEWED_LIMIT).join(',') } : {}),
    page_limit: options.limit ?? 10,
  };
  return useMarketQuery({
    queryKey: market.keys.recommendations(query),
    queryFn: () => unwrap(market.client.GET('/dm_ml/rest/v3/recommendations', { params: { query } })),
    enabled: (options.storeId ?? 0) > 0 && (options.enabled ?? true),
    staleTime: PRODUCT_STALE_MS,
  });
}
