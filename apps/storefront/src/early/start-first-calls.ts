/**
 * The SPA build's early script part: reads the host, the configuration and the shopper's saved
 * choices, and starts the first calls (src/early/first-calls.ts says how the app takes them).
 */
import { STORAGE_KEYS } from '@marketkit/hooks';
import {
  FALLBACK_LANGUAGE,
  languageFromPath,
  storedActivePincode,
  storeFromHost,
  storeIdHint,
} from '@marketkit/hooks/core';
import { parseConfig } from '../app/config.ts';
import { SHELL_NAMESPACES } from '../i18n/namespaces.ts';
import {
  CONFIG_PATH,
  type FirstCalls,
  GLOBAL_KEY,
  NAMESPACES_ATTRIBUTE,
  RENDERED_PATH_ATTRIBUTE,
  samePath,
  storeCallUrls,
  TEXTS_REQUEST,
  textUrls,
  type WithFirstCalls,
} from './first-calls.ts';

const saved = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

/**
 * Starts the first calls (the SPA build's early script). Any failure here only means the app asks
 * itself: nothing is thrown.
 */
export function startFirstCalls(): void {
  const answers = new Map<string, Promise<Response>>();
  const start = (url: string, init: RequestInit) => {
    const answer = fetch(url, init);
    // A call nobody takes (the app changed its mind) must not surface as an unhandled rejection.
    answer.catch(() => {});
    answers.set(new URL(url, location.href).href, answer);
  };
  const config = fetch(CONFIG_PATH, { credentials: 'same-origin' }).then((response) =>
    response.ok ? response.json() : null,
  );
  config.catch(() => {});
  const calls: FirstCalls = { config, answers };
  (globalThis as WithFirstCalls)[GLOBAL_KEY] = calls;
  const pathLanguage = languageFromPath(location.pathname);
  const language = pathLanguage ?? saved(STORAGE_KEYS.language);
  // The page's own namespaces when it was rendered for this path; the frame's alone on the shell.
  const route = pathLanguage ? location.pathname.slice(pathLanguage.length + 1) || '/' : location.pathname;
  const html = document.documentElement;
  const namespaces = samePath(html.getAttribute(RENDERED_PATH_ATTRIBUTE) ?? '', route)
    ? (html.getAttribute(NAMESPACES_ATTRIBUTE)?.split(' ').filter(Boolean) ?? [])
    : SHELL_NAMESPACES;
  void config
    .then(
      (json) => {
        const runtime = parseConfig(json);
        const store = storeFromHost(location.hostname, runtime);
        const realm = `${store}-customer`;
        const storeId = Object.hasOwn(runtime.storeIds, store)
          ? (runtime.storeIds[store] ?? null)
          : storeIdHint(saved(STORAGE_KEYS.storeId), realm);
        const headers = { Accept: 'application/json', realmname: realm };
        for (const url of storeCallUrls({
          servicesHost: runtime.servicesHost,
          store,
          storeId,
          language,
          pincode: storedActivePincode(saved(STORAGE_KEYS.pincode)),
          base: location.href,
        }))
          start(url, { headers });
        // The page carries its texts in English (rendered at build time); another language is asked for.
        if (language && language !== FALLBACK_LANGUAGE)
          for (const url of textUrls(runtime.languageHost, language, namespaces)) start(url, TEXTS_REQUEST);
      },
      () => {},
    )
    // A configuration the early script cannot use (a services host that is no URL) starts nothing:
    // the app reads it again and says what is wrong.
    .catch(() => {});
}
