import type { MarketApiError, Schema } from '@marketkit/sdk';
import { useQueries } from '@tanstack/react-query';
import { catalogueQueries } from '../prefetch/index.ts';
import { toMarketError } from './market-query.ts';
import { useMarket } from './provider.tsx';

// A module of its own: only the home page's recently viewed row asks for products by id, and
// `useQueries` should not come down with every page that lists products.

/** What `useProductsById` returns. */
export interface UseProductsByIdResult {
  /** The products that have loaded, in the order asked (one that failed is left out). */
  products: Schema<'ProductDetail'>[];
  /** Some are still loading. */
  isLoading: boolean;
  /** The first failure among them, else null. */
  error: MarketApiError | null;
}

/** Full records of some products by id (each cached like its product page). */
export function useProductsById(productIds: readonly number[]): UseProductsByIdResult {
  const market = useMarket();
  const catalogue = catalogueQueries(market.client);
  return useQueries({
    queries: productIds.map((productId) => catalogue.product(productId)),
    combine: (results) => {
      const failed = results.find((result) => result.error)?.error;
      return {
        products: results.flatMap((result) => (result.data ? [result.data] : [])),
        isLoading: results.some((result) => result.isLoading),
        error: failed ? toMarketError(failed) : null,
      };
    },
  });
}
