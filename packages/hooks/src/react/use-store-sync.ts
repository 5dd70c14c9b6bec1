import { useSyncExternalStore } from 'react';
import type { StoreApi } from 'zustand/vanilla';

/** Subscribes a component to a vanilla zustand store. */
export function useStoreValue<T>(store: StoreApi<T>): T {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
