import { useSyncExternalStore } from 'react';
import { useMarket } from './provider.tsx';

/**
 * A stored value read while rendering (`ln`, `direction`, the store id hint, payment flags): on a
 * server-rendered page, the value the server rendered with until hydration is over, then the
 * browser's. Re-read whenever the hooks or another tab write stored values.
 */
export function useStoredValue(key: string): string | null {
  const market = useMarket();
  return useSyncExternalStore(
    market.storedVersion.subscribe,
    () => market.state.storage.get(key),
    () => market.serverStorage.get(key),
  );
}
