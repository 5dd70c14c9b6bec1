import { unwrap } from '@marketkit/sdk';
import type { MarketContextValue } from './market.ts';

/**
 * The signed-in shopper's server cart: one key and one read for every reader (the header's cart, the
 * cart page, the guest-cart merge), so a read under way is shared rather than sent twice.
 */
export const cartQuery = (market: Pick<MarketContextValue, 'client' | 'keys'>) => ({
  queryKey: market.keys.cart(),
  queryFn: () =>
    unwrap(market.client.GET('/cfs/rest/v3/customer-cart', { params: { query: { page_number: -1 } } })),
});

/** What the merge reads the server cart with. */
export type CartQuery = ReturnType<typeof cartQuery>;
