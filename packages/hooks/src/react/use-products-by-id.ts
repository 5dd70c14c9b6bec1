import { unwrap } from '@marketkit/sdk';
import { useQueries } from '@tanstack/react-query';
import { useMarket } from './provider.tsx';
import { PRODUCT_STALE_MS } from './use-categories.ts';

// A module of its own: only the home page's recently viewed row asks for products by id, and
// `useQueries` should not come down with every page that lists products.

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
