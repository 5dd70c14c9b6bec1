import { unwrap } from '@marketkit/sdk';
import { useQuery } from '@tanstack/react-query';
import { CATALOGUE_STALE_MS, catalogueQueries } from '../prefetch/index.ts';
import { useMarket } from './provider.tsx';

export { CATALOGUE_STALE_MS, PRODUCT_STALE_MS } from '../prefetch/index.ts';

/** `enabled: false` defers the request (e.g. until a menu is about to open). */
export interface CatalogueQueryOptions {
  enabled?: boolean;
}

/** The category tree (top level with `children`), every page at once. */
export function useCategories(options: CatalogueQueryOptions = {}) {
  const market = useMarket();
  return useQuery({
    ...catalogueQueries(market.client).categories(),
    select: (page) => page.data,
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
