import { type Schema, unwrap } from '@marketkit/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { loadState } from '../core/index.ts';
import { useMarket } from './provider.tsx';
import { useSession } from './use-session.ts';

const ALL_TYPES = 'standard_item,request_item,free_item';

/**
 * The wishlist (signed-in only; no retries; no refetch on focus). `search` is sent only when it is not
 * blank after trimming; `type` filters by item kind.
 */
export function useWishlist(
  filters: { search?: string; type?: Schema<'ItemType'> | typeof ALL_TYPES | '' } = {},
) {
  const market = useMarket();
  const session = useSession();
  const queryClient = useQueryClient();
  const search = filters.search?.trim() ?? '';
  const type = filters.type ?? '';
  const key = market.keys.wishlist({ search, type });
  const query = useQuery({
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
    () => queryClient.invalidateQueries({ queryKey: [market.store, 'wishlist'] }),
    [queryClient, market.store],
  );
  const add = useCallback(
    async (productId: number) => {
      const item = await unwrap(
        market.client.POST('/cfs/rest/v3/customer-wishlist', { body: { product: productId } }),
      );
      await refresh();
      return item;
    },
    [market, refresh],
  );
  const remove = useCallback(
    async (wishlistId: number) => {
      await unwrap(
        market.client.DELETE('/cfs/rest/v3/customer-wishlist/{wishlistId}', {
          params: { path: { wishlistId } },
        }),
      );
      await refresh();
    },
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
    /** `loading`, `failed` (show the failure and `reload`, never an empty wishlist), `empty` or `ready`. */
    state: loadState(
      { hasData: query.data !== undefined, isFetching: query.isFetching, error: query.error },
      items.length,
    ),
    /** Asks for the wishlist again (after a failure). */
    reload,
    add,
    remove,
    has: (productId: number) => (query.data?.Products ?? []).some((item) => item.product === productId),
  };
}
