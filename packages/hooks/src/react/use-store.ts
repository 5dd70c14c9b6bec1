import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import {
  type Currency,
  currencyFromSettings,
  DEFAULT_CURRENCY,
  pageTitle,
  settingsStoreId,
  storeIdHint,
  storeIdHintValue,
  storeRealm,
  storeValidationState,
  themeCssVariables,
  themeFromSettings,
} from '../core/index.ts';
import { storeQueries } from '../prefetch/index.ts';
import { STORAGE_KEYS } from './client-state.ts';
import { useMarket } from './provider.tsx';
import { useStoredValue } from './stored-value.ts';

/**
 * App start (spec §4): store validation, then the store settings. `status` is `loading`, `unavailable`
 * (validation failed or `store_status` falsy), `settings-error`, or `ready` with the theme, currency,
 * page title and logo.
 */
export function useStoreBootstrap() {
  const market = useMarket();
  const realm = storeRealm(market.store);
  const queries = storeQueries(market.client);
  const validation = useQuery(queries.validation());
  const validated = storeValidationState({
    isLoading: validation.isLoading,
    error: validation.error,
    ...(validation.data ? { data: validation.data } : {}),
  });
  const storedHint = useStoredValue(STORAGE_KEYS.storeId);
  const hint = market.storeId ?? storeIdHint(storedHint, realm);
  const storeId = settingsStoreId(validated, hint) ?? 0;
  const settings = useQuery({
    ...queries.settings(storeId),
    enabled: storeId > 0 && validated.status !== 'error',
  });
  const list = settings.data?.store_settings_data;
  const first = list?.[0];
  const validatedName = validated.status === 'success' ? validated.name : null;
  const validatedDisplayName = validated.status === 'success' ? validated.displayName : null;
  const validatedId = validated.status === 'success' ? validated.storeId : null;
  useEffect(() => {
    if (validatedId !== null)
      market.state.storage.set(STORAGE_KEYS.storeId, storeIdHintValue(realm, validatedId));
  }, [market, realm, validatedId]);
  useEffect(() => {
    if (validatedName === null || validatedDisplayName === null) return;
    market.state.storage.set(STORAGE_KEYS.storeName, validatedName);
    market.state.storage.set(STORAGE_KEYS.storeFullName, validatedDisplayName);
  }, [market, validatedName, validatedDisplayName]);
  return useMemo(() => {
    const theme = themeFromSettings(list);
    const base = {
      validation: validated,
      theme,
      cssVariables: themeCssVariables(theme),
      currency: currencyFromSettings(list),
      settings: first ?? null,
    };
    if (validated.status === 'loading' || (validated.status === 'success' && settings.isLoading))
      return { status: 'loading' as const, ...base, title: pageTitle(null), logoUrl: null };
    if (validated.status === 'error')
      return { status: 'unavailable' as const, ...base, title: pageTitle(null), logoUrl: null };
    if (settings.error || !first)
      return {
        status: 'settings-error' as const,
        ...base,
        title: pageTitle(validated.displayName),
        logoUrl: null,
      };
    return {
      status: 'ready' as const,
      ...base,
      title: pageTitle(validated.displayName),
      logoUrl: market.client.assetUrl(first.store_logo_path),
    };
  }, [validated, list, first, settings.isLoading, settings.error, market]);
}

/** The store theme as tokens and as CSS variables (defaults until the settings arrive). */
export function useTheme() {
  const bootstrap = useStoreBootstrap();
  return { theme: bootstrap.theme, cssVariables: bootstrap.cssVariables };
}

/**
 * The store's currency alone (INR when the settings give none), for price labels: reads the cached
 * validation and settings without the bootstrap's bookkeeping, so many prices on a page stay cheap.
 */
export function useCurrency(): Currency {
  const market = useMarket();
  const queries = storeQueries(market.client);
  const validation = useQuery(queries.validation());
  const storeId = validation.data?.store_id ?? 0;
  const settings = useQuery({
    ...queries.settings(storeId),
    enabled: storeId > 0,
    select: (body) => currencyFromSettings(body.store_settings_data),
  });
  return settings.data ?? DEFAULT_CURRENCY;
}
