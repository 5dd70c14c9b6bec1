import { type Schema, unwrap } from '@marketkit/sdk';
import { CATALOGUE_STALE_MS, catalogueQueries } from '../prefetch/index.ts';
import { type MarketQueryResult, useMarketQuery } from './market-query.ts';
import { useMarket } from './provider.tsx';

export { CATALOGUE_STALE_MS, PRODUCT_STALE_MS } from '../prefetch/index.ts';

/** `enabled: false` defers the request (e.g. until a menu is about to open). */
export interface CatalogueQueryOptions {
  /** `false` defers the request. */
  enabled?: boolean;
}

/** What `useCategories` returns: the category tree (`data`), `error` a `MarketApiError`. */
export type UseCategoriesResult = MarketQueryResult<Schema<'Category'>[]>;

/** The category tree (top level with `children`), every page at once. */
export function useCategories(options: CatalogueQueryOptions = {}): UseCategoriesResult {
  const market = useMarket();
  return useMarketQuery({
    ...catalogueQueries(market.client).categories(),
    select: (page) => page.data,
    enabled: options.enabled ?? true,
  });
}

/** What `usePolicies` returns: the policies' titles and slugs (`data`), `error` a `MarketApiError`. */
export type UsePoliciesResult = MarketQueryResult<Schema<'StorePolicySummary'>[]>;

/** The store's policies (title and slug) for links; each policy's text is fetched on its own page. */
export function usePolicies(options: CatalogueQueryOptions = {}): UsePoliciesResult {
  const market = useMarket();
  return useMarketQuery({
    queryKey: market.keys.policies(),
    queryFn: () => unwrap(market.client.GET('/pbs/rest/v3/policies')),
    select: (page) => page.data,
    staleTime: CATALOGUE_STALE_MS,
    enabled: options.enabled ?? true,
  });
}
