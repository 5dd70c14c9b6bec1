import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { directionOf, refetchInLanguage, resolveLanguage } from '../core/index.ts';
import { storeQueries } from '../prefetch/index.ts';
import { STORAGE_KEYS } from './client-state.ts';
import { useMarket } from './provider.tsx';
import { useStoredValue } from './stored-value.ts';

/**
 * The shopper's language (spec §4 "Language"): the saved one when it is active in the store, else the
 * store default, saved and `onReload` called once (the storefront reloads the page).
 */
export function useLanguage(options: { onReload?: () => void } = {}) {
  const market = useMarket();
  const languages = useQuery(storeQueries(market.client).languages());
  // Every `useLanguage` of a provider (the app's, a preferences screen's) reads the same choice.
  const saved = useStoredValue(STORAGE_KEYS.language);
  const savedDirection = useStoredValue(STORAGE_KEYS.direction);
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
      market.storedVersion.setState((current) => ({ version: current.version + 1 }));
      // Answers so far came without a language (the services host's default): ask again in the store's.
      if (refetchInLanguage(null, decision.language))
        void market.queryClient.invalidateQueries({ queryKey: market.keys.all });
    }
  }, [decision, saved, market]);
  const setLanguage = useCallback(
    (code: string) => {
      const list = languages.data?.data ?? [];
      const match = list.find((l) => l.status === 1 && l.language_code.toLowerCase() === code.toLowerCase());
      if (!match) throw new RangeError(`${code} is not an active language of this store`);
      market.state.storage.set(STORAGE_KEYS.language, match.language_code);
      market.state.storage.set(STORAGE_KEYS.direction, directionOf(match.language_code, list));
      market.storedVersion.setState((current) => ({ version: current.version + 1 }));
      // Names and texts come back in the new language.
      void market.queryClient.invalidateQueries({ queryKey: market.keys.all });
      return match.language_code;
    },
    [languages.data, market],
  );
  return {
    isLoading: languages.isLoading,
    language: decision?.language ?? saved ?? 'en',
    direction: decision?.direction ?? (savedDirection === 'RTL' ? 'RTL' : 'LTR'),
    languages: (languages.data?.data ?? []).filter((l) => l.status === 1),
    setLanguage,
  };
}
