import i18next, { type i18n, type Resource } from 'i18next';
import type { HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { LazyHttpBackend } from './lazy-backend.ts';
import { i18nOptions } from './options.ts';

/** The files of a language host: `{host}/{language}/{namespace}.json`. */
export const loadPath = (host: string) => `${host.replace(/\/+$/, '')}/{{lng}}/{{ns}}.json`;

/** A translation file must hold a JSON object; anything else is a parse error (never retried). */
export function parseTranslations(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new TypeError('A translation file holds a JSON object');
  return value as Record<string, unknown>;
}

export interface BrowserI18nOptions {
  /** Where the translation files are (`/locales`, or another origin). */
  host: string;
  language: string;
  /** Texts the page came with (a server-rendered page): used at once, never asked for again. */
  resources?: Resource;
  /** The `fetch` the files are asked with (tests); the page's own by default. */
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** The first wait before a retry, doubling each time (1000 ms). */
  retryMs?: number;
}

/**
 * The browser's i18next: texts the page came with are there before the first render (so hydration
 * sees what the server rendered), and every other namespace loads from the language host before a
 * screen that needs it renders (shell/screen-load-failure.tsx), with the spec's retries, through
 * i18next-http-backend (loaded when first needed: i18n/lazy-backend.ts).
 */
export function createBrowserI18n(options: BrowserI18nOptions): i18n {
  const instance = i18next.createInstance();
  void instance
    .use(LazyHttpBackend)
    .use(initReactI18next)
    .init<HttpBackendOptions>({
      ...i18nOptions(options.language),
      // The page's texts: ready before the first render (hydration), nothing asked for.
      ...(options.resources
        ? { resources: options.resources, ns: Object.keys(options.resources[options.language] ?? {}) }
        : {}),
      ...(options.retryMs ? { retryTimeout: options.retryMs } : {}),
      backend: {
        loadPath: loadPath(options.host),
        parse: parseTranslations,
        crossDomain: true,
        requestOptions: { mode: 'cors', credentials: 'same-origin', cache: 'default' },
        ...(options.fetch ? { alternateFetch: options.fetch } : {}),
      },
    });
  return instance;
}
