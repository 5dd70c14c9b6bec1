import { formatPrice, languageFromPath } from '@marketkit/hooks/core';
import type { Resource } from 'i18next';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { loadConfig } from './app/config.ts';
import { CHUNK_RELOAD_FLAG } from './early/flags.ts';
import { PageContext, readRenderedTexts, TEXTS_ELEMENT_ID } from './app/page-context.tsx';
import { keepPreferenceCookies } from './app/preferences.ts';
import { holdHistoryMoves, loadRouteModules, routeModuleGuard } from './app/route-modules.ts';
import { createBrowserI18n } from './i18n/client.ts';
import { loadHttpBackend } from './i18n/lazy-backend.ts';
import { FALLBACK_LANGUAGE } from './i18n/namespaces.ts';

// Console output is silenced in production unless `localStorage.debug` is set (spec §9).
if (import.meta.env.PROD) {
  let debug = false;
  try {
    debug = Boolean(localStorage.getItem('debug'));
  } catch {
    debug = false;
  }
  if (!debug) for (const method of ['log', 'info', 'debug'] as const) console[method] = () => {};
}

const LANGUAGE_KEY = 'ln';

function saved(key: string) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

// Spec §2: a language first in the path (`/fr/cart` → `/cart` in French) is the shopper's choice. The
// server rendered `/cart` in it; here the choice is kept and the address becomes the route's own
// before the router reads it.
const pathLanguage = languageFromPath(location.pathname);
if (pathLanguage) {
  try {
    localStorage.setItem(LANGUAGE_KEY, pathLanguage);
  } catch {
    // Storage refused: the cookie still carries it.
  }
  keepPreferenceCookies({ language: pathLanguage });
  const rest = location.pathname.slice(pathLanguage.length + 1) || '/';
  history.replaceState(history.state, '', `${rest}${location.search}${location.hash}`);
}

// The texts the server rendered the page with; none in the SPA build, whose language the browser picks.
const textsElement = document.getElementById(TEXTS_ELEMENT_ID);
const rendered = readRenderedTexts(textsElement?.textContent);
// The translation backend's code: the SPA build reads its first texts through it at once; a
// server-rendered page needs it only for a later screen, so fetches it when the browser is idle.
const fetchBackend = () => void loadHttpBackend().catch(() => {});
if (!rendered) fetchBackend();
else if (typeof requestIdleCallback === 'function') requestIdleCallback(fetchBackend, { timeout: 4000 });
else setTimeout(fetchBackend, 2000);
const i18n = createBrowserI18n(
  rendered
    ? { host: rendered.host, language: rendered.language, resources: rendered.resources as Resource }
    : {
        host: (await loadConfig()).languageHost,
        language: pathLanguage ?? saved(LANGUAGE_KEY) ?? FALLBACK_LANGUAGE,
      },
);
// The SPA build loads the first route's code and texts here, under the same rule as every later screen
// (which clears the reload flag once they are in). A server-rendered page's code is in already: a later
// failure may reload once again (src/early/first-load-guard.ts).
if (rendered)
  try {
    sessionStorage.removeItem(CHUNK_RELOAD_FLAG);
  } catch {
    // Storage refused: the guard shows failures instead of reloading.
  }
else await loadRouteModules(`${location.pathname}${location.search}`, i18n);

// The response's nonce, as React Router wrote it on its scripts (the property keeps what the
// attribute hides): the client renders the same tags with the same attributes.
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
const page = { texts: textsElement?.textContent ?? null, ...(nonce ? { nonce } : {}) };

// Prices are written with the page language's number formatter, whose first build costs ~20 ms (four
// times that on a slow phone) to load the locale's data: built here, in a task of its own, rather than
// in the middle of hydration (English prices need none: see formatPrice).
formatPrice(0, '', i18n.language);
await new Promise((resolve) => setTimeout(resolve, 0));

// Before the router listens: back and forward wait for a screen's code as links do.
holdHistoryMoves(i18n);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <PageContext.Provider value={page}>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter instrumentations={[routeModuleGuard(i18n)]} />
        </I18nextProvider>
      </PageContext.Provider>
    </StrictMode>,
    {
      // A page that does not hydrate as rendered is a bug: said loudly (the browser tests fail on it).
      onRecoverableError: (error, info) => console.error('Hydration mismatch:', error, info.componentStack),
    },
  );
});
