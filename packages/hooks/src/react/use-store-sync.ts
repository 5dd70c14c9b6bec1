import { useSyncExternalStore } from 'react';
import type { Market, MarketState } from '../store/create-market.ts';
import type { MarketContextValue } from '../store/market.ts';

interface Subscribable<T> {
  getState(): T;
  subscribe(listener: () => void): () => void;
  /** What the server rendered with (a server-rendered page's hydration); `getState` when absent. */
  getServerState?: () => T;
}

/**
 * Subscribes a component to a vanilla zustand store (the type comes from `getState`). While a
 * server-rendered page hydrates, the store's server state is used, so the first render matches.
 */
export function useStoreValue<T>(store: Subscribable<T>): T {
  return useSyncExternalStore(store.subscribe, store.getState, store.getServerState ?? store.getState);
}

/**
 * The access token the session shows, read from the market's token store (the session's one home)
 * with `useSyncExternalStore`: every component follows a change at once; a server-rendered page
 * hydrates with the session it was rendered for.
 */
export function useAccessToken(market: Pick<MarketContextValue, 'session'>): string | null {
  return useSyncExternalStore(
    market.session.subscribe,
    market.session.accessToken,
    market.session.serverAccessToken,
  );
}

/**
 * One part of the market's state (`market.getState()`), followed with `useSyncExternalStore`. `select`
 * must give back a value the state holds (or a primitive): a new object per call would never settle.
 * Only for parts a server-rendered page cannot differ in (the merge, idle on a server and at hydration).
 */
export function useMarketState<T>(market: Market, select: (state: MarketState) => T): T {
  const read = () => select(market.getState());
  // The same on a server: the parts read with it hold no stored value a hydrating render differs in.
  return useSyncExternalStore(market.subscribe, read, read);
}
