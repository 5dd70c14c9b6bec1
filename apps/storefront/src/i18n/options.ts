import type { InitOptions } from 'i18next';
import { FALLBACK_LANGUAGE, NAMESPACES, SHELL_NAMESPACES } from './namespaces.ts';

/** Three retries of a translation file, 1 s doubling (i18next's backend connector). */
export const TRANSLATION_RETRIES = 3;
export const TRANSLATION_RETRY_MS = 1000;

/**
 * The storefront's i18next settings, the same on the server and in the browser: JSON v4 files per
 * language and namespace, English as the per-namespace fallback (a file that fails for good leaves
 * its keys to English), plural forms from `Intl.PluralRules` (Arabic's six included), and no escaping
 * (React escapes). A key found nowhere shows as itself, so a gap is visible.
 */
export function i18nOptions(language: string): InitOptions {
  return {
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    ns: [...SHELL_NAMESPACES],
    defaultNS: 'common',
    // Every namespace may be asked for; no other name becomes a request.
    supportedLngs: false,
    nonExplicitSupportedLngs: false,
    load: 'currentOnly',
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    returnEmptyString: false,
    maxRetries: TRANSLATION_RETRIES,
    retryTimeout: TRANSLATION_RETRY_MS,
    // A screen reading several namespaces finds a key in the first that has it, in order. No Suspense:
    // a screen's texts are loaded before it renders (the server, and shell/screen-load-failure.tsx
    // after a navigation), and a suspended boundary would hydrate after the rest of the page.
    react: { useSuspense: false, bindI18n: 'languageChanged loaded', nsMode: 'fallback' },
    initAsync: false,
  };
}

export { NAMESPACES };
