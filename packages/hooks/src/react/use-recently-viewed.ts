import { useCallback } from 'react';
import { recordView } from '../core/index.ts';
import { useMarket } from './provider.tsx';
import { useStoreValue } from './use-store-sync.ts';

/** What `useRecentlyViewed()` returns. */
export interface UseRecentlyViewedResult {
  /** Product ids the shopper looked at, most recent first. */
  ids: readonly number[];
  /** Records a view of a product (it moves to the front). */
  record(productId: number): void;
}

/** Products the shopper looked at, most recent first, and how to record a view. */
export function useRecentlyViewed(): UseRecentlyViewedResult {
  const market = useMarket();
  const ids = useStoreValue(market.state.recentlyViewed);
  const record = useCallback(
    (productId: number) =>
      market.state.recentlyViewed.setState(
        recordView(market.state.recentlyViewed.getState(), productId),
        true,
      ),
    [market],
  );
  return { ids, record };
}
