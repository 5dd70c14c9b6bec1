import { unwrap } from '@marketkit/sdk';
import { keepPreviousData, useMutation, useQueries, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  activePincode,
  isSavablePincode,
  type ListingFilters,
  productsQuery,
  RECENTLY_VIEWED_LIMIT,
  recordView,
} from '../core/index.ts';
import { useMarket } from './provider.tsx';
import { useStoreValue } from './use-store-sync.ts';

/** Catalogue structure changes rarely: a revisit within this time makes no request. */
export const CATALOGUE_STALE_MS = 5 * 60 * 1000;
/** Product lists and pages: a listing seen in the last minute comes back from the cache at once. */
export const PRODUCT_STALE_MS = 60 * 1000;

/** `enabled: false` defers the request (e.g. until a menu is about to open). */
export interface CatalogueQueryOptions {
  enabled?: boolean;
}

/** The category tree (top level with `children`), every page at once. */
export function useCategories(options: CatalogueQueryOptions = {}) {
  const market = useMarket();
  return useQuery({
    queryKey: market.keys.categories(),
    queryFn: () =>
      unwrap(market.client.GET('/pbs/rest/v3/categories', { params: { query: { page_number: -1 } } })),
    select: (page) => page.data,
    staleTime: CATALOGUE_STALE_MS,
    enabled: options.enabled ?? true,
  });
}

/** The store's policies (title and slug) for links; each policy's text is fetched on its own page. */
export function usePolicies(options: CatalogueQueryOptions = {}) {
  const market = useMarket();
  return useQuery({
    queryKey: market.keys.policies(),
    queryFn: () => unwrap(market.client.GET('/pbs/rest/v3/policies')),
    select: (page) => page.data,
    staleTime: CATALOGUE_STALE_MS,
    enabled: options.enabled ?? true,
  });
}

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
  const query = productsQuery(filters, options.perPage);
  return useQuery({
    queryKey: market.keys.products({ ...query, pincode }),
    queryFn: () => unwrap(market.client.GET('/pbs/rest/v3/products', { params: { query } })),
    placeholderData: keepPreviousData,
    staleTime: PRODUCT_STALE_MS,
    enabled: options.enabled ?? true,
  });
}

/** Products on a deal (the home page's row). */
export function useDeals(limit = 10, options: CatalogueQueryOptions = {}) {
  const market = useMarket();
  const pincode = useListPincode();
  const query = { is_deal: true, sort: 'discount' as const, page_number: 1, page_limit: limit };
  return useQuery({
    queryKey: market.keys.products({ ...query, pincode }),
    queryFn: () => unwrap(market.client.GET('/pbs/rest/v3/products', { params: { query } })),
    select: (page) => page.data,
    staleTime: PRODUCT_STALE_MS,
    enabled: options.enabled ?? true,
  });
}

/** One product with everything its page shows. */
export function useProduct(productId: number | null) {
  const market = useMarket();
  return useQuery({
    queryKey: market.keys.product(productId ?? 0),
    queryFn: () =>
      unwrap(
        market.client.GET('/pbs/rest/v3/products/{productId}', {
          params: { path: { productId: productId ?? 0 } },
        }),
      ),
    enabled: productId !== null && productId > 0,
    staleTime: PRODUCT_STALE_MS,
  });
}

/** A page of a product's ratings with the average and distribution. */
export function useProductRatings(productId: number, page = 1, perPage = 5) {
  const market = useMarket();
  return useQuery({
    queryKey: market.keys.ratings(productId, page),
    queryFn: () =>
      unwrap(
        market.client.GET('/pbs/rest/v3/ratings', {
          params: { query: { product_id: productId, page_number: page, page_limit: perPage } },
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: PRODUCT_STALE_MS,
    enabled: productId > 0,
  });
}

/** A product's questions and answers (`answer_html` is the server's HTML: sanitize before showing). */
export function useProductFaqs(productId: number) {
  const market = useMarket();
  return useQuery({
    queryKey: market.keys.faqs(productId),
    queryFn: () =>
      unwrap(
        market.client.GET('/pbs/rest/v3/faqs', {
          params: { query: { product_id: productId, page_number: -1 } },
        }),
      ),
    select: (page) => page.data.filter((faq) => faq.product_id === productId),
    staleTime: CATALOGUE_STALE_MS,
    enabled: productId > 0,
  });
}

/** Whether a product is delivered to a pincode, and when (asked only for a well-formed pincode). */
export function useAvailability(productId: number, pincode: string | null) {
  const market = useMarket();
  const valid = pincode !== null && isSavablePincode(pincode);
  return useQuery({
    queryKey: market.keys.availability(productId, valid ? pincode : ''),
    queryFn: () =>
      unwrap(
        market.client.GET('/pbs/rest/v3/products/{productId}/availability', {
          params: { path: { productId }, query: { pincode: pincode ?? '' } },
        }),
      ),
    enabled: productId > 0 && valid,
    staleTime: PRODUCT_STALE_MS,
  });
}

/** Bookable slots of a service for the next two weeks. */
export function useProductSlots(productId: number, options: CatalogueQueryOptions = {}) {
  const market = useMarket();
  return useQuery({
    queryKey: market.keys.slots(productId),
    queryFn: () =>
      unwrap(market.client.GET('/sos/rest/v3/slots', { params: { query: { product_id: productId } } })),
    select: (body) => body.data,
    enabled: productId > 0 && (options.enabled ?? true),
    staleTime: PRODUCT_STALE_MS,
  });
}

/** Products the shopper looked at, most recent first, and how to record a view. */
export function useRecentlyViewed() {
  const market = useMarket();
  const ids = useStoreValue(market.state.recentlyViewed);
  const record = useCallback(
    (productId: number) =>
      market.state.recentlyViewed.setState(
        recordView(market.state.recentlyViewed.getState(), productId),
        true,
      ),
    [market],
  );
  return { ids, record };
}

/** Full records of some products by id (each cached like its product page). */
export function useProductsById(productIds: readonly number[]) {
  const market = useMarket();
  return useQueries({
    queries: productIds.map((productId) => ({
      queryKey: market.keys.product(productId),
      queryFn: () =>
        unwrap(market.client.GET('/pbs/rest/v3/products/{productId}', { params: { path: { productId } } })),
      staleTime: PRODUCT_STALE_MS,
    })),
    combine: (results) => ({
      products: results.flatMap((result) => (result.data ? [result.data] : [])),
      isLoading: results.some((result) => result.isLoading),
    }),
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

/** Sends a question about a product to the store (signed-in shoppers). */
export function useEnquiry() {
  const market = useMarket();
  return useMutation({
    mutationFn: (input: {
      product_id: number;
      subject: string;
      message: string;
      contact_email?: string;
      contact_phone?: string;
    }) => unwrap(market.client.POST('/cfs/rest/v3/enquiries', { body: input })),
  });
}
