import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import i18next, { type i18n, type Resource, type ResourceKey } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { parseTranslations } from '../i18n/client.ts';
import { FALLBACK_LANGUAGE, type Namespace } from '../i18n/namespaces.ts';
import { i18nOptions } from '../i18n/options.ts';

/** How long a translation file read from another host is kept (files in the build never change). */
const REMOTE_TTL_MS = 5 * 60 * 1000;

export interface TranslationSource {
  /** The language host of the runtime configuration (`/locales`, or an absolute URL). */
  host: string;
  /** The built client files (`build/client`): a host path on the storefront's own origin is read here. */
  clientRoot: string;
  /** Bound on fetching one file from a remote language host. */
  timeoutMs: number;
}

type Cached = { at: number; value: Promise<ResourceKey> };
const cache = new Map<string, Cached>();
const CACHE_LIMIT = 500;

/** A language code and namespace as a path segment: nothing that could leave the folder. */
const safeSegment = (value: string) => /^[A-Za-z0-9_-]{1,32}$/.test(value);

/** A language host that is a path of the storefront: its files are the build's own, read from disk. */
const isLocalHost = (host: string) => host.startsWith('/') && !host.startsWith('//');

/**
 * One translation file: from the build's own files when the language host is a path of the storefront,
 * else fetched from the host (bounded in time). Shared by every request of this process (the files are
 * the same for every shopper); a failure is not kept, so the next page asks again.
 */
export function readTranslations(source: TranslationSource, language: string, namespace: string) {
  if (!safeSegment(language) || !safeSegment(namespace))
    return Promise.reject(new RangeError(`No translations for ${language}/${namespace}`));
  const local = isLocalHost(source.host);
  const key = `${local ? source.clientRoot : ''}|${source.host}|${language}|${namespace}`;
  const hit = cache.get(key);
  if (hit && (local || Date.now() - hit.at < REMOTE_TTL_MS)) return hit.value;
  const value = (
    local
      ? readFile(join(source.clientRoot, source.host, language, `${namespace}.json`), 'utf8')
      : fetch(`${source.host.replace(/\/+$/, '')}/${language}/${namespace}.json`, {
          signal: AbortSignal.timeout(source.timeoutMs),
        }).then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return response.text();
        })
  ).then((text) => parseTranslations(text) as ResourceKey);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value ?? '');
  cache.set(key, { at: Date.now(), value });
  value.catch(() => cache.delete(key));
  return value;
}

/**
 * The i18next of one request: its own instance (a language change elsewhere never leaks into this
 * page), with the namespaces the matched routes need loaded in the language and in English before
 * the page renders, waiting (for a remote language host) at most until `deadline`. What did not load in time renders as its key,
 * as in the browser, and the browser asks for it again.
 */
export async function createRequestI18n(
  source: TranslationSource,
  language: string,
  namespaces: readonly Namespace[],
  deadline: Promise<void>,
): Promise<i18n> {
  const instance = i18next.createInstance();
  const loaded = instance
    // Wrapped as a module: the plugin takes a loaded value's `default` (an `import()` of JSON), and a
    // namespace may well have a key named "default" (address.json does).
    .use(
      resourcesToBackend(async (lng: string, ns: string) => ({
        default: await readTranslations(source, lng, ns),
      })),
    )
    .use(initReactI18next)
    .init({ ...i18nOptions(language), ns: [...namespaces], maxRetries: 0, initAsync: true })
    .then(() => instance.loadNamespaces([...namespaces]));
  // The build's own files are a disk read, always awaited: cut off by the page's data wait, the page
  // went out with keys where the browser, which has the texts by its first render, shows words (a
  // hydration mismatch). A remote language host is bounded by the wait (and each file by timeoutMs).
  await (isLocalHost(source.host)
    ? loaded.catch(() => {})
    : Promise.race([loaded.catch(() => {}), deadline]));
  return instance;
}

/**
 * The texts a page was rendered with, for the browser's i18next: for each namespace, the language's
 * and English's. A namespace that failed for good in the language is given empty (its keys are
 * English's: the browser need not ask again before hydrating); one still loading at the deadline is
 * left out, for the browser to load.
 */
export function renderedTexts(instance: i18n, namespaces: readonly Namespace[]): Resource {
  // Not even started by the deadline: the browser loads everything itself.
  if (!instance.isInitialized) return {};
  const languages = [...new Set([instance.language, FALLBACK_LANGUAGE])];
  // i18next's record of each file: -1 failed for good, 2 loaded.
  const state =
    (instance.services.backendConnector as unknown as { state?: Record<string, number> }).state ?? {};
  const resources: Resource = {};
  for (const language of languages) {
    const bundles: Record<string, ResourceKey> = {};
    for (const namespace of namespaces) {
      const bundle = instance.getResourceBundle(language, namespace) as ResourceKey | undefined;
      if (bundle) bundles[namespace] = bundle;
      else if (state[`${language}|${namespace}`] === -1) bundles[namespace] = {};
    }
    resources[language] = bundles;
  }
  return resources;
}
