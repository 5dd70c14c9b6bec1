import { useSyncExternalStore } from 'react';

interface Subscribable<T> {
  getState(): T;
  subscribe(listener: () => void): () => void;
}

/** Subscribes a component to a vanilla zustand store (the type comes from `getState`). */
export function useStoreValue<T>(store: Subscribable<T>): T {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
