import { type MarketApiError, type Schema, unwrap } from '@marketkit/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type LoadState, loadState } from '../core/index.ts';
import { asMarketCall, refetchAfterWrite, useMarketQuery } from './market-query.ts';
import { useMarket } from './provider.tsx';
import { useSession } from './use-session.ts';

const ALL_TYPES = 'standard_item,request_item,free_item';

/** Which wishlist items `useWishlist` reads. */
export interface WishlistFilters {
  /** Sent only when it is not blank after trimming. */
  search?: string;
  /** One kind of item, all of them (`standard_item,request_item,free_item`), or `''` for no filter. */
  type?: Schema<'ItemType'> | typeof ALL_TYPES | '';
}

/** What `useWishlist()` returns. */
export interface UseWishlistResult {
  /** Whether there is a wishlist to read (signed in). */
  enabled: boolean;
  /** The wishlist's items (empty until loaded). */
  items: Schema<'WishlistItem'>[];
  /** How many items the wishlist has. */
  total: number;
  /** The wishlist's first read is under way. */
  isLoading: boolean;
  /** Why the wishlist could not be read, else null. */
  error: MarketApiError | null;
  /** `loading`, `failed` (show the failure and `reload`, never an empty wishlist), `empty` or `ready`. */
  state: LoadState;
  /** Asks for the wishlist again (after a failure). */
  reload(): void;
  /** Adds a product; resolves with the new item once every wishlist view is read again. */
  add(productId: number): Promise<Schema<'WishlistItem'>>;
  /** Removes an item by its wishlist id (`item.id`). */
  remove(wishlistId: number): Promise<void>;
  /** Whether a product is in the (loaded) wishlist. */
  has(productId: number): boolean;
}

/**
 * The wishlist (signed-in only; no retries; no refetch on focus). `search` is sent only when it is not
 * blank after trimming; `type` filters by item kind.
 */
export function useWishlist(filters: WishlistFilters = {}): UseWishlistResult {
  const market = useMarket();
  const session = useSession();
  const queryClient = useQueryClient();
  const search = filters.search?.trim() ?? '';
  const type = filters.type ?? '';
  const key = market.keys.wishlist({ search, type });
  const query = useMarketQuery({
    queryKey: key,
    queryFn: () =>
      unwrap(
        market.client.GET('/cfs/rest/v3/customer-wishlist', {
          params: {
            query: {
              'page-number': -1,
              ...(type ? { wishlist_item_type: type } : {}),
              ...(search ? { search } : {}),
            },
          },
        }),
      ),
    enabled: session.status === 'signed-in',
    retry: false,
    refetchOnWindowFocus: false,
  });
  const refresh = useCallback(
    () => refetchAfterWrite(queryClient, [market.store, 'wishlist']),
    [queryClient, market.store],
  );
  const add = useCallback(
    (productId: number) =>
      asMarketCall(async () => {
        const item = await unwrap(
          market.client.POST('/cfs/rest/v3/customer-wishlist', { body: { product: productId } }),
        );
        await refresh();
        return item;
      }),
    [market, refresh],
  );
  const remove = useCallback(
    (wishlistId: number) =>
      asMarketCall(async () => {
        await unwrap(
          market.client.DELETE('/cfs/rest/v3/customer-wishlist/{wishlistId}', {
            params: { path: { wishlistId } },
          }),
        );
        await refresh();
      }),
    [market, refresh],
  );
  const items = query.data?.Products ?? [];
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  return {
    enabled: session.status === 'signed-in',
    items,
    total: query.data?.total_count ?? 0,
    isLoading: query.isLoading,
    error: query.error,
    state: loadState(
      { hasData: query.data !== undefined, isFetching: query.isFetching, error: query.error },
      items.length,
    ),
    reload,
    add,
    remove,
    has: (productId: number) => (query.data?.Products ?? []).some((item) => item.product === productId),
  };
}
