import { useSyncExternalStore } from 'react';

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
