/**
 * The SPA build's first calls, started by the early script before any module has loaded: the
 * runtime configuration, the store calls `prefetchStore` makes (@marketkit/hooks/prefetch) and the
 * first screen's texts. The app takes each answer once, by URL, where it would have asked
 * (`loadConfig`, the root's client loader, the translation backend); a call the early script did not
 * make, or that failed, is asked as before.
 */

/** Where the early script leaves its calls: one global, read by the app's modules (another bundle). */
export const GLOBAL_KEY = '__marketkitFirstCalls';
/** The `<html>` attribute naming the first screen's namespaces (written by the root's Layout). */
export const NAMESPACES_ATTRIBUTE = 'data-namespaces';
/** The `<html>` attribute naming the path the page was rendered for (the shell serves other paths too). */
export const RENDERED_PATH_ATTRIBUTE = 'data-rendered-path';

/** Whether two paths name the same route (routes match whatever their case, with a trailing slash). */
export const samePath = (a: string, b: string) =>
  a.toLowerCase().replace(/\/+$/, '') === b.toLowerCase().replace(/\/+$/, '');
/** The one configuration file of the SPA build. */
export const CONFIG_PATH = '/config.json';
/** As i18next-http-backend asks for a file (the storefront's backend options, src/i18n/client.ts). */
export const TEXTS_REQUEST: RequestInit = { mode: 'cors', credentials: 'same-origin', cache: 'default' };

export interface FirstCalls {
  /** The configuration file's JSON (null when the file is missing); gone once taken. */
  config?: Promise<unknown>;
  /** Answers by absolute URL, each for one taker. */
  answers: Map<string, Promise<Response>>;
}

export type WithFirstCalls = typeof globalThis & { [GLOBAL_KEY]?: FirstCalls };

export interface StoreCallInput {
  servicesHost: string;
  store: string;
  /** The settings' store id when known ahead of validation (configuration, or the last visit). */
  storeId: number | null;
  language: string | null;
  pincode: string | null;
  /** The page's address, that a services host given as a path is resolved against. */
  base: string;
}

/** `name=value` pairs as the SDK's query step adds them (language, then pincode, never `allProducts`). */
function shopperQuery(input: StoreCallInput, own: string): string {
  const query = [own];
  const language = input.language?.trim();
  if (language && !own.includes('language-code='))
    query.push(`language-code=${encodeURIComponent(language)}`);
  const pincode = input.pincode?.trim();
  if (pincode && pincode !== 'allProducts') query.push(`pin-code=${encodeURIComponent(pincode)}`);
  return query.join('&');
}

/**
 * The URLs of the store calls as the SDK sends them for a guest: validation, settings (when the store
 * id is known) and the language list. Kept in step with `storeCalls` by test/first-calls.test.ts.
 */
export function storeCallUrls(input: StoreCallInput): string[] {
  const host = new URL(input.servicesHost, input.base).href.replace(/\/+$/, '');
  const realm = encodeURIComponent(`${input.store}-customer`);
  const paths = [
    `/ums/rest/v3/validate-store?${shopperQuery(input, `store-realmname=${realm}`)}`,
    ...(input.storeId === null
      ? []
      : [
          `/pbs/rest/v3/content-settings?${shopperQuery(input, `page-limit=10&page-number=1&store-id=${input.storeId}`)}`,
        ]),
    `/pbs/rest/v3/languages?${shopperQuery(input, 'language-code=en&page_number=-1')}`,
  ];
  return paths.map((path) => `${host}${path}`);
}

/** The text files of a first screen in a language (those in English come with the page). */
export function textUrls(languageHost: string, language: string, namespaces: readonly string[]): string[] {
  const host = languageHost.replace(/\/+$/, '');
  return namespaces.map((namespace) => `${host}/${language}/${namespace}.json`);
}

/** The early script's configuration answer, once (undefined: not started, or taken already). */
export function takeEarlyConfig(): Promise<unknown> | undefined {
  const calls = (globalThis as WithFirstCalls)[GLOBAL_KEY];
  const config = calls?.config;
  if (calls) delete calls.config;
  return config;
}

/**
 * `fetch`, answered from the early script's call to the same URL when there is one (once: a body is
 * read once); a failed early call is asked again.
 */
export function earlyOrFetch(input: string | Request, init?: RequestInit): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input.url, location.href).href;
  const answers = (globalThis as WithFirstCalls)[GLOBAL_KEY]?.answers;
  const early = answers?.get(url);
  answers?.delete(url);
  const again = () => fetch(input, init);
  if (!early) return again();
  // The caller's time limit holds for an early call too (it was started without the caller's signal).
  const signal = init?.signal ?? (typeof input === 'string' ? null : input.signal);
  const stopped = new Promise<never>((_, reject) => {
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  return Promise.race([early.catch(again), stopped]);
}
