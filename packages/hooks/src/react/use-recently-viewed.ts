import { useCallback } from 'react';
import { recordView } from '../core/index.ts';
import { useMarket } from './provider.tsx';
import { useStoreValue } from './use-store-sync.ts';

/** Products the shopper looked at, most recent first, and how to record a view. */
export function useRecentlyViewed() {
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
