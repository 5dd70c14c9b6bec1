import { ALL_PAGES, type Schema, unwrap } from '@marketkit/sdk';
import { CATALOGUE_STALE_MS } from '../prefetch/index.ts';
import { type MarketQueryResult, useMarketQuery } from './market-query.ts';
import { useMarket } from './provider.tsx';
import type { CatalogueQueryOptions } from './use-categories.ts';

/** What `usePolicy` returns: the policy page (`data`), `error` a `MarketApiError` (404 for none). */
export type UsePolicyResult = MarketQueryResult<Schema<'StorePolicyDetail'>>;

/**
 * One policy page by its slug (`content_html` is the server's HTML: sanitize before showing); idle
 * while `slug` is null. An unknown slug fails with the server's 404 and is not retried.
 */
export function usePolicy(slug: string | null): UsePolicyResult {
  const market = useMarket();
  return useMarketQuery({
    queryKey: market.keys.policy(slug ?? ''),
    queryFn: () =>
      unwrap(market.client.GET('/pbs/rest/v3/policies/{slug}', { params: { path: { slug: slug ?? '' } } })),
    staleTime: CATALOGUE_STALE_MS,
    enabled: slug !== null,
  });
}

/** What `useStoreFaqs` returns: the store's questions and answers (`data`), `error` a `MarketApiError`. */
export type UseStoreFaqsResult = MarketQueryResult<Schema<'Faq'>[]>;

/** The store-wide questions and answers (not a product's), in order; `answer_html` needs sanitizing. */
export function useStoreFaqs(options: CatalogueQueryOptions = {}): UseStoreFaqsResult {
  const market = useMarket();
  return useMarketQuery({
    queryKey: market.keys.storeFaqs(),
    queryFn: () =>
      unwrap(market.client.GET('/pbs/rest/v3/faqs', { params: { query: { page_number: ALL_PAGES } } })),
    select: (page) =>
      page.data.filter((faq) => faq.product_id === null).sort((a, b) => a.sort_order - b.sort_order),
    staleTime: CATALOGUE_STALE_MS,
    enabled: options.enabled ?? true,
  });
}
