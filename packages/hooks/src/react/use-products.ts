import { unwrap } from '@marketkit/sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { activePincode, type ListingFilters, RECENTLY_VIEWED_LIMIT } from '../core/index.ts';
import { catalogueQueries, PRODUCT_STALE_MS } from '../prefetch/index.ts';
import { useMarket } from './provider.tsx';
import type { CatalogueQueryOptions } from './use-categories.ts';
import { useStoreValue } from './use-store-sync.ts';

/** The saved delivery pincode narrows lists (the SDK sends it); it is part of their cache keys. */
function useListPincode() {
  const market = useMarket();
  return activePincode(useStoreValue(market.state.pincode)) ?? '';
}

/**
 * A page of products for listing filters (see `parseListingFilters`). The previous page stays on
 * screen while the next one loads; a listing seen within `PRODUCT_STALE_MS` is served from the cache.
 */
export function useProducts(
  filters: ListingFilters,
  options: CatalogueQueryOptions & { perPage?: number } = {},
) {
  const market = useMarket();
  const pincode = useListPincode();
  return useQuery({
    ...catalogueQueries(market.client, { pincode }).products(filters, options.perPage),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** Products on a deal (the home page's row). */
export function useDeals(limit = 10, options: CatalogueQueryOptions = {}) {
  const market = useMarket();
  const pincode = useListPincode();
  return useQuery({
    ...catalogueQueries(market.client, { pincode }).deals(limit),
    select: (page) => page.data,
    enabled: options.enabled ?? true,
  });
}

/**
 * Recommendations for the store (similar to `productId` when given, else from what was viewed).
 * Needs the validated store id, so it waits for store validation.
 */
export function useRecommendations(options: {
  storeId: number | null;
  productId?: number;
  limit?: number;
  enabled?: boolean;
}) {
  const market = useMarket();
  const viewed = useStoreValue(market.state.recentlyViewed);
  const query = {
    'store-id': options.storeId ?? 0,
    ...(options.productId ? { product_id: options.productId } : {}),
    ...(viewed.length > 0 ? { recently_viewed: viewed.slice(0, RECENTLY_VIEWED_LIMIT).join(',') } : {}),
    page_limit: options.limit ?? 10,
  };
  return useQuery({
    queryKey: market.keys.recommendations(query),
    queryFn: () => unwrap(market.client.GET('/dm_ml/rest/v3/recommendations', { params: { query } })),
    enabled: (options.storeId ?? 0) > 0 && (options.enabled ?? true),
    staleTime: PRODUCT_STALE_MS,
  });
}
