import { formatPrice, languageFromPath } from '@marketkit/hooks/core';
import { prefetchStore, type ScreenData } from '@marketkit/hooks/prefetch';
import { INLINE_CONFIG_ID, loadConfig, storeFromHost } from '../app/config.ts';
import { loadScreen, SCREEN_NAMESPACES, type ScreenName, screenForPath } from '../app/screens.ts';
import { createI18n, FALLBACK_LANGUAGE } from '../i18n/i18n.ts';
import { SHELL_NAMESPACES } from '../shell/namespaces.ts';
import { preloadFirstImages } from './first-images.ts';
import { firstViewPainted, heldBack, pageAnswers, VIEW_COOKIE } from './first-view.ts';
import { DEALS, FIRST_LISTING } from './queries.ts';

/** `STORAGE_KEYS.language` and `.pincode` of @marketkit/hooks (kept literal: this module must stay small). */
const LANGUAGE_KEY = 'ln';
const PINCODE_KEY = 'pincode';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function readSaved(key: string) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Whether this shopper sees something other than the server's first view (a guest's page in English
 * without a pincode): a saved pincode, or a saved language other than English.
 */
function personal() {
  const language = readSaved(LANGUAGE_KEY);
  return (
    readSaved(PINCODE_KEY) !== null ||
    (language !== null && language.toLowerCase() !== FALLBACK_LANGUAGE.toLowerCase())
  );
}

/**
 * Keeps the cookie that tells the storefront's server to leave out its first view for this shopper
 * (it cannot read local storage): set while `personal()`, gone otherwise. Only where the server draws
 * first views (it marks the configuration it puts in the page); any other value of the cookie (`off`,
 * from a developer or a test) is left alone. Called at start, on leaving the page, and by the app as
 * soon as the language or the pincode changes (the next page's request goes out before `pagehide`).
 */
export function rememberView() {
  if (!document.getElementById(INLINE_CONFIG_ID)?.hasAttribute('data-first-view')) return;
  const wanted = personal();
  try {
    const current = document.cookie
      .split(/;\s*/)
      .find((cookie) => cookie.startsWith(`${VIEW_COOKIE}=`))
      ?.slice(VIEW_COOKIE.length + 1);
    if ((current !== undefined && current !== 'app') || wanted === (current === 'app')) return;
    const secure = location.protocol === 'https:' ? '; secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: one flag for the server; the Cookie Store API is not in every browser the storefront supports
    document.cookie = wanted
      ? `${VIEW_COOKIE}=app; path=/; max-age=31536000; samesite=lax${secure}`
      : `${VIEW_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`;
  } catch {
    // Cookies refused: the server draws its view, and the app replaces it with the shopper's own.
  }
}

/** The public catalogue data the current screen shows first (fetched beside the store calls). */
function screenData(screen: ScreenName): ScreenData[] {
  const params = new URLSearchParams(location.search);
  // Lists follow the saved delivery pincode; with one saved, the screen asks for itself.
  const pincodeSaved = readSaved(PINCODE_KEY) !== null;
  switch (screen) {
    case 'product': {
      const productId = Number(params.get('productId'));
      return Number.isSafeInteger(productId) && productId > 0 ? [{ kind: 'product', productId }] : [];
    }
    // The plain listing and the home page's deals; a filtered listing asks for itself.
    case 'listing':
      return pincodeSaved || location.search ? [] : [{ kind: 'products', query: FIRST_LISTING }];
    // The home page's categories sit below the fold, drawn when the browser is idle: asked for then.
    case 'home':
      return pincodeSaved ? [] : [{ kind: 'products', query: DEALS }];
    case 'categories':
      return [{ kind: 'categories' }];
    default:
      return [];
  }
}

/**
 * Everything the first screen waits for, started at once: runtime configuration, then the store
 * calls and the shell's texts together. Runs from a small script while the app's JavaScript is still
 * downloading; the app takes the results from here.
 */
async function start() {
  // Spec §2: the language can come from the path (`/fr/cart` → `/cart` in French); it is then saved,
  // and checked against the store's active languages like any saved language.
  const pathLanguage = languageFromPath(location.pathname);
  if (pathLanguage) {
    try {
      localStorage.setItem(LANGUAGE_KEY, pathLanguage);
    } catch {
      // Storage refused: the language still applies to this page.
    }
    const rest = location.pathname.slice(pathLanguage.length + 1) || '/';
    history.replaceState(history.state, '', `${rest}${location.search}${location.hash}`);
  }
  // The screen's code comes down beside everything else (failures are handled where it renders);
  // behind a first view, once the view has painted.
  const screen = screenForPath(location.pathname);
  const drawn = heldBack() !== null;
  if (!drawn) loadScreen(screen).catch(() => {});
  // The cookie follows a language or pincode chosen on this page when the shopper leaves it.
  rememberView();
  addEventListener('pagehide', rememberView);
  const config = await loadConfig();
  // Behind a first view, the calls and the screen's code wait for its pictures to paint (they get the
  // connection first), and go out in short tasks: the view is on screen, and a long task would hold
  // its first taps. The app's own code starts then too (entry.ts).
  if (drawn) await firstViewPainted();
  const store = storeFromHost(location.hostname, config);
  // Own entries only: a store named `constructor` must not find Object's.
  const storeId = Object.hasOwn(config.storeIds, store) ? config.storeIds[store] : undefined;
  // The language the calls and texts are asked in (the store's may replace it once the app knows it).
  const language = pathLanguage ?? readSaved(LANGUAGE_KEY) ?? FALLBACK_LANGUAGE;
  const prefetched = prefetchStore({
    servicesHost: config.servicesHost,
    store,
    ...(storeId === undefined ? {} : { storeId }),
    screen: screenData(screen),
    // Behind a first view, the answers it was drawn from, so nothing is asked twice; not for a shopper
    // with their own pincode, whose cookie came too late (the view was drawn for a guest).
    ...(drawn && readSaved(PINCODE_KEY) === null
      ? { answers: pageAnswers(store, storeId, language) ?? {} }
      : {}),
  });
  // A first view drew (and asked for) its pictures already; its screen's code comes in the next task.
  if (drawn) {
    await nextTask();
    loadScreen(screen).catch(() => {});
  } else preloadFirstImages(screen, prefetched, config.servicesHost);
  const i18n = createI18n({ host: config.languageHost, language });
  i18n.load([...SHELL_NAMESPACES, ...SCREEN_NAMESPACES[screen]]);
  if (drawn) await nextTask();
  // Outside English (formatPrice writes that itself), a page's first price formatter loads the
  // locale's number data (~25 ms, ~100 ms on a slow phone): done now, while the calls and the app's
  // code are on their way, rather than in the first render.
  try {
    formatPrice(0, '', i18n.language);
  } catch {
    // A saved language that is no locale at all: the app replaces it before any price shows.
  }
  return { config, store, storeId, prefetched, i18n };
}

export const boot = start();
