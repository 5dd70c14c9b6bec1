import { unwrap } from '@marketkit/sdk';
import { useQuery } from '@tanstack/react-query';
import { isSavablePincode } from '../core/index.ts';
import { catalogueQueries, PRODUCT_STALE_MS } from '../prefetch/index.ts';
import { useMarket } from './provider.tsx';
import type { CatalogueQueryOptions } from './use-categories.ts';

/** One product with everything its page shows. */
export function useProduct(productId: number | null) {
  const market = useMarket();
  return useQuery({
    ...catalogueQueries(market.client).product(productId ?? 0),
    enabled: productId !== null && productId > 0,
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
