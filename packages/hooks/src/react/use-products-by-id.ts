import { useQueries } from '@tanstack/react-query';
import { catalogueQueries } from '../prefetch/index.ts';
import { useMarket } from './provider.tsx';

// A module of its own: only the home page's recently viewed row asks for products by id, and
// `useQueries` should not come down with every page that lists products.

/** Full records of some products by id (each cached like its product page). */
export function useProductsById(productIds: readonly number[]) {
  const market = useMarket();
  const catalogue = catalogueQueries(market.client);
  return useQueries({
    queries: productIds.map((productId) => catalogue.product(productId)),
    combine: (results) => ({
      products: results.flatMap((result) => (result.data ? [result.data] : [])),
      isLoading: results.some((result) => result.isLoading),
    }),
  });
}
