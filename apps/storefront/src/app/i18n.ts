import { retryDelay, shouldRetryTranslation } from '@marketkit/hooks/core';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

/** Spec §9. */
export const LANGUAGES = ['en', 'en_US', 'en_IN', 'hi', 'ar', 'fr'] as const;
export const NAMESPACES = [
  'common',
  'home',
  'signup',
  'address',
  'wishlist',
  'cart',
  'user_profile',
  'order',
  'signin',
  'footer',
  'header',
  'product_details',
  'product_listing',
  'store_modal',
  'coupler',
  'user_details',
  'training_overview',
] as const;

/** Loads `{languageHost}/{language}/{namespace}.json`, retrying what the spec calls retryable. */
function createBackend(languageHost: string): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      const url = `${languageHost.replace(/\/$/, '')}/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;
      const attempt = async (tries: number): Promise<void> => {
        let status: number | null = null;
        try {
          const response = await fetch(url);
          status = response.status;
          if (!response.ok) throw new Error(`HTTP ${status}`);
          let data: unknown;
          try {
            data = await response.json();
          } catch (error) {
            callback(error as Error, false);
            return;
          }
          callback(null, data as Record<string, string>);
        } catch (error) {
          if (shouldRetryTranslation(tries, status, false)) {
            setTimeout(() => void attempt(tries + 1), retryDelay(tries));
            return;
          }
          callback(error as Error, false);
        }
      };
      void attempt(0);
    },
  };
}

export async function initI18n(languageHost: string, language: string) {
  await i18next
    .use(createBackend(languageHost))
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      ns: ['common', 'header', 'footer', 'signin', 'store_modal', 'cart', 'order'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      load: 'currentOnly',
      react: { useSuspense: false },
      returnNull: false,
    });
  return i18next;
}
