import type { MarketApiError, Schema } from '@marketkit/sdk';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import {
  type Currency,
  currencyFromSettings,
  pageTitle,
  type StoreValidationState,
  settingsStoreId,
  storeIdHint,
  storeIdHintValue,
  storeRealm,
  storeValidationState,
  type Theme,
  themeCssVariables,
  themeFromSettings,
} from '../core/index.ts';
import { STORAGE_KEYS } from '../keys/index.ts';
import { storeQueries } from '../prefetch/index.ts';
import { marketErrorOrNull } from './market-query.ts';
import { useMarket } from './provider.tsx';
import { useStoredValue } from './stored-value.ts';

/** What `useStoreBootstrap()` gives in every state (see `UseStoreBootstrapResult`). */
export interface StoreBootstrapBase {
  /** Store validation: loading, the validated store, or why it failed (`closed` or `failed`). */
  validation: StoreValidationState;
  /** The store theme (defaults until the settings arrive). */
  theme: Theme;
  /** The theme as CSS custom properties (`--mk-…`), for a `style` attribute. */
  cssVariables: Record<string, string>;
  /** The store's currency (INR when the settings give none). */
  currency: Currency;
  /** The store's settings, or null until they arrive (or when they failed). */
  settings: Schema<'StoreSettings'> | null;
  /** The page title: `{store display name}` once validated, the default before. */
  title: string;
  /** Why validation or the settings failed, or null. */
  error: MarketApiError | null;
  /** Asks for the validation and the settings again (a "Try again", or a recheck while unreachable). */
  retry(): void;
}

/**
 * What `useStoreBootstrap()` gives, by `status`: `loading`, `unavailable` (the store is closed or
 * the services host has no such store: `validation.reason`), `unreachable` (the services host gave no
 * answer of its own: down, hung, 5xx; `retry()` later), `settings-error` (validated, settings
 * failed), or `ready` with the store's logo URL.
 */
export type UseStoreBootstrapResult =
  | (StoreBootstrapBase & {
      status: 'loading' | 'unavailable' | 'unreachable' | 'settings-error';
      logoUrl: null;
    })
  | (StoreBootstrapBase & {
      status: 'ready';
      /** The store logo's URL on the services host, or null when it has none (or an unsafe one). */
      logoUrl: string | null;
    });

/** What `useTheme()` gives. */
export interface UseThemeResult {
  /** The store theme (defaults until the settings arrive). */
  theme: Theme;
  /** The theme as CSS custom properties. */
  cssVariables: Record<string, string>;
}

/**
 * App start: store validation, then the store settings. `status` is `loading`, `unavailable`
 * (no such store, or `store_status` falsy), `unreachable` (the services host did not answer),
 * `settings-error`, or `ready` with the theme, currency, page title and logo.
 */
export function useStoreBootstrap(): UseStoreBootstrapResult {
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
  const error = marketErrorOrNull(validation.error ?? settings.error);
  const refetchValidation = validation.refetch;
  const refetchSettings = settings.refetch;
  const settingsAsked = storeId > 0;
  const retry = useCallback(() => {
    void refetchValidation();
    if (settingsAsked) void refetchSettings();
  }, [refetchValidation, refetchSettings, settingsAsked]);
  return useMemo((): UseStoreBootstrapResult => {
    const theme = themeFromSettings(list);
    const base = {
      validation: validated,
      theme,
      cssVariables: themeCssVariables(theme),
      currency: currencyFromSettings(list),
      settings: first ?? null,
      error,
      retry,
    };
    if (validated.status === 'loading' || (validated.status === 'success' && settings.isLoading))
      return { status: 'loading', ...base, title: pageTitle(null), logoUrl: null };
    if (validated.status === 'error')
      return {
        status: validated.reason === 'unreachable' ? 'unreachable' : 'unavailable',
        ...base,
        title: pageTitle(null),
        logoUrl: null,
      };
    if (settings.error || !first)
      return { status: 'settings-error', ...base, title: pageTitle(validated.displayName), logoUrl: null };
    return {
      status: 'ready',
      ...base,
      title: pageTitle(validated.displayName),
      logoUrl: market.client.assetUrl(first.store_logo_path),
    };
  }, [validated, list, first, settings.isLoading, settings.error, market, error, retry]);
}

/** The store theme as tokens and as CSS variables (defaults until the settings arrive). */
export function useTheme(): UseThemeResult {
  const bootstrap = useStoreBootstrap();
  return { theme: bootstrap.theme, cssVariables: bootstrap.cssVariables };
}

/**
 * The store's currency alone, for price labels: reads the cached validation and settings without the
 * bootstrap's bookkeeping, so many prices on a page stay cheap. `null` until the store's settings have
 * answered (loading, or failing): a price is never shown in a default currency first and then in the
 * store's. Settings that answer without a currency give INR (`DEFAULT_CURRENCY`).
 */
export function useCurrency(): Currency | null {
  const market = useMarket();
  const queries = storeQueries(market.client);
  const validation = useQuery(queries.validation());
  const storeId = validation.data?.store_id ?? 0;
  const settings = useQuery({
    ...queries.settings(storeId),
    enabled: storeId > 0,
    select: (body) => currencyFromSettings(body.store_settings_data),
  });
  return settings.data ?? null;
}
