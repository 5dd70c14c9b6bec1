import { FALLBACK_LANGUAGE, retryDelay, shouldRetryTranslation } from '@marketkit/hooks/core';
import { type TranslationTree, type TranslationValues, translate } from './catalog.ts';

export { FALLBACK_LANGUAGE };

/** Spec §9, and two of our own: `policies` (store policy pages) and `ask_ai` (the AI assistant). */
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
  'policies',
  'ask_ai',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

type Entry = { status: 'loading' } | { status: 'loaded'; tree: TranslationTree } | { status: 'failed' };

export interface I18nOptions {
  /** Where `{language}/{namespace}.json` live. */
  host: string;
  language: string;
  fetch?: typeof fetch;
  /** Waits between retries (injectable for tests). */
  wait?: (ms: number) => Promise<void>;
}

export interface I18n {
  readonly language: string;
  setLanguage(language: string): void;
  /** Starts loading these namespaces for the current language (idempotent). */
  load(namespaces: readonly Namespace[]): void;
  /** Loaded, or failed for good (the fallback language or the key then shows). */
  isSettled(namespaces: readonly Namespace[]): boolean;
  /** Loads the namespaces and resolves once they are settled (texts needed outside rendering). */
  whenSettled(namespaces: readonly Namespace[]): Promise<void>;
  t(namespaces: readonly Namespace[], key: string, values?: TranslationValues): string;
  subscribe(listener: () => void): () => void;
  /** Changes whenever a namespace settles or the language changes (for useSyncExternalStore). */
  getVersion(): number;
}

const isTree = (value: unknown): value is TranslationTree =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Translations per namespace from the language host, with the spec's retry rule: 5xx, no status or a
 * failed fetch retried (3 times, 1 s doubling); a 4xx or a file that is not a JSON object is not. A
 * namespace that cannot be had in the language is loaded in the fallback language instead.
 */
export function createI18n(options: I18nOptions): I18n {
  const request = options.fetch ?? ((input, init) => fetch(input, init));
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const host = options.host.replace(/\/$/, '');
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  let language = options.language;
  let version = 0;
  const changed = () => {
    version += 1;
    for (const listener of listeners) listener();
  };
  const id = (lang: string, namespace: string) => `${lang}/${namespace}`;

  async function fetchTree(lang: string, namespace: string): Promise<TranslationTree | null> {
    const url = `${host}/${encodeURIComponent(lang)}/${encodeURIComponent(namespace)}.json`;
    for (let failures = 0; ; failures += 1) {
      let status: number | null = null;
      let parseError = false;
      try {
        const response = await request(url);
        status = response.status;
        if (response.ok) {
          const body: unknown = await response.json().catch(() => undefined);
          if (isTree(body)) return body;
          parseError = true;
        }
      } catch {
        status = null;
      }
      if (!shouldRetryTranslation(failures, status, parseError)) return null;
      await wait(retryDelay(failures));
    }
  }

  function loadOne(lang: string, namespace: string) {
    const key = id(lang, namespace);
    if (entries.has(key)) return;
    entries.set(key, { status: 'loading' });
    void fetchTree(lang, namespace).then((tree) => {
      entries.set(key, tree ? { status: 'loaded', tree } : { status: 'failed' });
      if (!tree && lang !== FALLBACK_LANGUAGE) loadOne(FALLBACK_LANGUAGE, namespace);
      changed();
    });
  }

  const settled = (lang: string, namespace: string): boolean => {
    const entry = entries.get(id(lang, namespace));
    if (!entry || entry.status === 'loading') return false;
    if (entry.status === 'loaded' || lang === FALLBACK_LANGUAGE) return true;
    return settled(FALLBACK_LANGUAGE, namespace);
  };

  const isSettled = (namespaces: readonly Namespace[]) =>
    namespaces.every((namespace) => settled(language, namespace));
  const load = (namespaces: readonly Namespace[]) => {
    for (const namespace of namespaces) loadOne(language, namespace);
  };
  return {
    get language() {
      return language;
    },
    setLanguage(next) {
      if (next === language) return;
      language = next;
      const requested = new Set([...entries.keys()].map((key) => key.split('/')[1] ?? ''));
      for (const namespace of requested) loadOne(language, namespace);
      changed();
    },
    load,
    isSettled,
    whenSettled(namespaces) {
      load(namespaces);
      return new Promise<void>((resolve) => {
        if (isSettled(namespaces)) return resolve();
        const listener = () => {
          if (!isSettled(namespaces)) return;
          listeners.delete(listener);
          resolve();
        };
        listeners.add(listener);
      });
    },
    t(namespaces, key, values) {
      const read = (lang: string, namespace: string) => {
        const entry = entries.get(id(lang, namespace));
        return entry?.status === 'loaded' ? entry.tree : undefined;
      };
      const languages = language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
      return translate(read, languages, namespaces, key, values);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getVersion: () => version,
  };
}
