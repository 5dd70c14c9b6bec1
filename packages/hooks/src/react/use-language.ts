import type { MarketApiError, Schema } from '@marketkit/sdk';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { type Direction, directionOf, refetchInLanguage, resolveLanguage } from '../core/index.ts';
import { STORAGE_KEYS } from '../keys/index.ts';
import { storeQueries } from '../prefetch/index.ts';
import { marketErrorOrNull } from './market-query.ts';
import { useMarket } from './provider.tsx';
import { useStoredValue } from './stored-value.ts';
import { useStoreValue } from './use-store-sync.ts';

/** Options of `useLanguage`. */
export interface UseLanguageOptions {
  /**
   * Called once when the saved language is not active in the store: the store's default has been
   * saved, and the page should reload (the reference storefront reloads). Not called when the app gives
   * the language (`MarketProviderProps.language`): `onLanguageChange` gets the default instead.
   */
  onReload?: () => void;
}

/** What `useLanguage()` gives. */
export interface UseLanguageResult {
  /** True until the store's languages are known (the language shown meanwhile is the saved or given one). */
  isLoading: boolean;
  /** Why the store's languages could not be loaded, or null. */
  error: MarketApiError | null;
  /** The language in use, as the store spells it (`en_US`); `en` before anything is known. */
  language: string;
  /** Its writing direction. */
  direction: Direction;
  /** The store's active languages, for a language menu. */
  languages: Schema<'Language'>[];
  /**
   * Switches to one of `languages` (matched case-insensitively, `-` as `_`) and resolves to its code as
   * the store spells it; answers that depend on the language are asked again. When the app gives the
   * language (`MarketProviderProps.language`), the choice goes to `onLanguageChange` and the app
   * switches. Throws a `MarketApiError`: `LANGUAGE_NOT_ACTIVE` for a code the store does not offer,
   * `LANGUAGE_CONTROLLED` when the app gives the language without `onLanguageChange`.
   */
  setLanguage(code: string): string;
}

/**
 * The shopper's language: the one the app gives the provider (`language`), else
 * the saved one when it is active in the store, else the store default, saved and `onReload` called
 * once (the storefront reloads the page). Every `useLanguage` of a provider reads the same language.
 */
export function useLanguage(options: UseLanguageOptions = {}): UseLanguageResult {
  const market = useMarket();
  const languages = useQuery(storeQueries(market.client).languages());
  const given = useStoreValue(market.givenLanguage);
  const saved = useStoredValue(STORAGE_KEYS.language);
  const savedDirection = useStoredValue(STORAGE_KEYS.direction);
  const wanted = given ?? saved;
  const decision = useMemo(
    () => (languages.data ? resolveLanguage(wanted, languages.data.data) : null),
    [languages.data, wanted],
  );
  // The latest callback, without re-running the effect when an inline function changes identity.
  const onReload = useRef(options.onReload);
  onReload.current = options.onReload;
  useEffect(() => {
    if (!decision) return;
    market.state.storage.set(STORAGE_KEYS.direction, decision.direction);
    if (given !== null) {
      // The app's language is not one of the store's: the app is told the store's default.
      if (decision.reload) market.languageHandler()?.(decision.language);
      return;
    }
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
  }, [decision, given, saved, market]);
  const setLanguage = useCallback(
    (code: string) => market.setLanguage(code, languages.data?.data ?? []),
    [languages.data, market],
  );
  const list = languages.data?.data;
  const active = useMemo(() => (list ?? []).filter((l) => l.status === 1), [list]);
  return {
    isLoading: languages.isLoading,
    error: marketErrorOrNull(languages.error),
    language: decision?.language ?? wanted ?? 'en',
    direction:
      decision?.direction ??
      (given !== null ? directionOf(given, []) : savedDirection === 'RTL' ? 'RTL' : 'LTR'),
    languages: active,
    setLanguage,
  };
}
