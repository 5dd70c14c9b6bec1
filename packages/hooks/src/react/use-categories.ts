import { unwrap } from '@marketkit/sdk';
import { useQuery } from '@tanstack/react-query';
import { catalogueCalls } from '../prefetch/index.ts';
import { useMarket } from './provider.tsx';

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
    queryFn: catalogueCalls(market.client).categories,
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
