import { STORAGE_KEYS } from '@marketkit/hooks';
import { formatPrice, languageFromPath } from '@marketkit/hooks/core';
import type { Resource } from 'i18next';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { loadConfig } from './app/config.ts';
import { PageContext, readRenderedTexts, TEXTS_ELEMENT_ID } from './app/page-context.tsx';
import { adoptServerPreferences, keepPreferenceCookies } from './app/preferences.ts';
import { recordHistoryMoves, recordNavigations } from './app/route-modules.ts';
import { NO_APP_ATTRIBUTE } from './early/after-reload.ts';
import { earlyOrFetch } from './early/first-calls.ts';
import { NAVIGATION_KEY } from './early/flags.ts';
import { createBrowserI18n } from './i18n/client.ts';
import { loadHttpBackend } from './i18n/lazy-backend.ts';
import { FALLBACK_LANGUAGE } from './i18n/namespaces.ts';
import { stopEarlyClicks } from './shell/early-clicks.ts';

// Console output is silenced in production unless `localStorage.debug` is set.
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

// A language first in the path (`/fr/cart` → `/cart` in French) is the shopper's choice. The
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
adoptServerPreferences(STORAGE_KEYS);

// The texts the server rendered the page with; none in the SPA build, whose language the browser picks.
const textsElement = document.getElementById(TEXTS_ELEMENT_ID);
const rendered = readRenderedTexts(textsElement?.textContent);
// The translation backend's code: the SPA build reads its first texts through it at once; a
// server-rendered page needs it only for a later screen, so fetches it when the browser is idle.
const fetchBackend = () => void loadHttpBackend().catch(() => {});
if (!rendered) fetchBackend();
else if (typeof requestIdleCallback === 'function') requestIdleCallback(fetchBackend, { timeout: 4000 });
else setTimeout(fetchBackend, 2000);
// The first screen's files the SPA build's early script asked for already are taken, not asked again.
const fetchTexts = (url: string, init?: RequestInit) => earlyOrFetch(url, init);
const i18n = createBrowserI18n(
  rendered
    ? {
        // A page the SPA build prerendered was rendered with no configuration: its texts' host is
        // the one config.json names at run time, as for any other page of that build.
        host: __MARKETKIT_SPA__ ? (await loadConfig()).languageHost : rendered.host,
        language: rendered.language,
        resources: rendered.resources as Resource,
        fetch: fetchTexts,
      }
    : {
        host: (await loadConfig()).languageHost,
        language: pathLanguage ?? saved(LANGUAGE_KEY) ?? FALLBACK_LANGUAGE,
        fetch: fetchTexts,
      },
);
// The SPA build: React Router loads the first screen's code after this script. Recorded as a
// navigation to this page, so that the page it loads again on a failure is the rule's one page load
// (src/early/after-reload.ts); the root forgets it once the screen is drawn.
if (!rendered)
  try {
    const here = `${location.pathname}${location.search}${location.hash}`;
    sessionStorage.setItem(NAVIGATION_KEY, JSON.stringify({ from: here, to: here }));
  } catch {
    // Storage refused: a failure loads the page again, React Router's own behaviour.
  }

// The response's nonce, as React Router wrote it on its scripts (the property keeps what the
// attribute hides): the client renders the same tags with the same attributes.
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
const page = { texts: textsElement?.textContent ?? null, ...(nonce ? { nonce } : {}) };

// Prices are written with the page language's number formatter, whose first build costs ~20 ms (four
// times that on a slow phone) to load the locale's data: built here, in a task of its own, rather than
// in the middle of hydration (English prices need none: see formatPrice).
formatPrice(0, '', i18n.language);
await new Promise((resolve) => setTimeout(resolve, 0));

// The early script is taking the shopper to the screen they asked for, or says that its code failed
// after the rule's page load: the app does not start (src/early/after-reload.ts).
const noApp = document.documentElement.hasAttribute(NO_APP_ATTRIBUTE);
if (!noApp) recordHistoryMoves();
if (!noApp)
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <PageContext.Provider value={page}>
          <I18nextProvider i18n={i18n}>
            <HydratedRouter instrumentations={[recordNavigations]} />
          </I18nextProvider>
        </PageContext.Provider>
      </StrictMode>,
      {
        // A page that does not hydrate as rendered is a bug: said loudly (the browser tests fail on it).
        onRecoverableError: (error, info) => console.error('Hydration mismatch:', error, info.componentStack),
      },
    );
    // React hears clicks from here on: the early script's record ends (replayed once the root commits).
    stopEarlyClicks();
  });
