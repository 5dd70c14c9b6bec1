import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { directionOf, refetchInLanguage, resolveLanguage } from '../core/index.ts';
import { storeCalls } from '../prefetch/index.ts';
import { STORAGE_KEYS } from './client-state.ts';
import { type MarketContextValue, useMarket } from './provider.tsx';
import { useStoreValue } from './use-store-sync.ts';

/**
 * One counter per provider, moved whenever a `useLanguage` writes the saved language: every other
 * `useLanguage` of that provider (the app's, a preferences screen's) then reads the same choice.
 */
const savedLanguageWrites = new WeakMap<MarketContextValue, StoreApi<{ writes: number }>>();
function savedLanguageWritesOf(market: MarketContextValue) {
  let writes = savedLanguageWrites.get(market);
  if (!writes) {
    writes = createStore<{ writes: number }>()(() => ({ writes: 0 }));
    savedLanguageWrites.set(market, writes);
  }
  return writes;
}

/**
 * The shopper's language (spec §4 "Language"): the saved one when it is active in the store, else the
 * store default, saved and `onReload` called once (the storefront reloads the page).
 */
export function useLanguage(options: { onReload?: () => void } = {}) {
  const market = useMarket();
  const languages = useQuery({
    queryKey: market.keys.languages(),
    queryFn: storeCalls(market.client).languages,
    staleTime: 5 * 60 * 1000,
  });
  const writes = savedLanguageWritesOf(market);
  const version = useStoreValue(writes).writes;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read the stored language after setLanguage
  const saved = useMemo(() => market.state.storage.get(STORAGE_KEYS.language), [market, version]);
  const decision = useMemo(
    () => (languages.data ? resolveLanguage(saved, languages.data.data) : null),
    [languages.data, saved],
  );
  // The latest callback, without re-running the effect when an inline function changes identity.
  const onReload = useRef(options.onReload);
  onReload.current = options.onReload;
  useEffect(() => {
    if (!decision) return;
    market.state.storage.set(STORAGE_KEYS.direction, decision.direction);
    if (decision.reload) {
      market.state.storage.set(STORAGE_KEYS.language, decision.language);
      onReload.current?.();
    } else if (!saved) {
      market.state.storage.set(STORAGE_KEYS.language, decision.language);
      writes.setState((current) => ({ writes: current.writes + 1 }));
      // Answers so far came without a language (the services host's default): ask again in the store's.
      if (refetchInLanguage(null, decision.language))
        void market.queryClient.invalidateQueries({ queryKey: market.keys.all });
    }
  }, [decision, saved, market, writes]);
  const setLanguage = useCallback(
    (code: string) => {
      const list = languages.data?.data ?? [];
      const match = list.find((l) => l.status === 1 && l.language_code.toLowerCase() === code.toLowerCase());
      if (!match) throw new RangeError(`${code} is not an active language of this store`);
      market.state.storage.set(STORAGE_KEYS.language, match.language_code);
      market.state.storage.set(STORAGE_KEYS.direction, directionOf(match.language_code, list));
      writes.setState((current) => ({ writes: current.writes + 1 }));
      // Names and texts come back in the new language.
      void market.queryClient.invalidateQueries({ queryKey: market.keys.all });
      return match.language_code;
    },
    [languages.data, market, writes],
  );
  return {
    isLoading: languages.isLoading,
    language: decision?.language ?? saved ?? 'en',
    direction:
      decision?.direction ?? (market.state.storage.get(STORAGE_KEYS.direction) === 'RTL' ? 'RTL' : 'LTR'),
    languages: (languages.data?.data ?? []).filter((l) => l.status === 1),
    setLanguage,
  };
}
