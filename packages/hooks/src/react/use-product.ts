import type { ResponseBody, Schema } from '@marketkit/sdk';
import { isSavablePincode } from '../core/index.ts';
import { catalogueQueries } from '../prefetch/index.ts';
import { type MarketQueryResult, useMarketQuery } from './market-query.ts';
import { useMarket } from './provider.tsx';
import type { CatalogueQueryOptions } from './use-categories.ts';

/** What `useProduct` returns: the product (`data`), `error` a `MarketApiError` (404 for none). */
export type UseProductResult = MarketQueryResult<Schema<'ProductDetail'>>;

/** One product with everything its page shows; idle while `productId` is null. */
export function useProduct(productId: number | null): UseProductResult {
  const market = useMarket();
  return useMarketQuery({
    ...catalogueQueries(market.client).product(productId ?? 0),
    enabled: productId !== null && productId > 0,
  });
}

/** What `useAvailability` returns: whether and when the product is delivered there, `error` a `MarketApiError`. */
export type UseAvailabilityResult = MarketQueryResult<ResponseBody<'checkProductAvailability'>>;

/** Whether a product is delivered to a pincode, and when (asked only for a well-formed pincode). */
export function useAvailability(productId: number, pincode: string | null): UseAvailabilityResult {
  const market = useMarket();
  const valid = pincode !== null && isSavablePincode(pincode);
  // The server that renders the product page for a pincode in its address asks the same query.
  return useMarketQuery({
    ...catalogueQueries(market.client).availability(productId, valid ? pincode : ''),
    enabled: productId > 0 && valid,
  });
}

/** What `useProductSlots` returns: the service's slots (`data`), `error` a `MarketApiError`. */
export type UseProductSlotsResult = MarketQueryResult<Schema<'Slot'>[]>;

/** Bookable slots of a service for the next two weeks. */
export function useProductSlots(
  productId: number,
  options: CatalogueQueryOptions = {},
): UseProductSlotsResult {
  const market = useMarket();
  // The server that renders a service's page asks the same query (one key, one call).
  return useMarketQuery({
    ...catalogueQueries(market.client).slots(productId),
    select: (body) => body.data,
    enabled: productId > 0 && (options.enabled ?? true),
  });
}
