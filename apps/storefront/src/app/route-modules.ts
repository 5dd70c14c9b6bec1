import type { i18n } from 'i18next';
import type { ClientInstrumentation, RouteObject } from 'react-router';
import { matchRoutes } from 'react-router';
import { createStore } from 'zustand/vanilla';
import { CHUNK_RELOAD_FLAG } from '../early/flags.ts';
import { routeNamespaces } from '../i18n/namespaces.ts';

/**
 * Spec §2: a screen whose code fails to load causes one full page load, guarded by a session flag; a
 * second failure shows the error; a chunk that takes 120 s has failed. React Router would reload on
 * every failure (and into the browser's "no internet" page when offline), so route modules are
 * loaded here first, before a navigation starts: the router then finds them loaded.
 */
export const CHUNK_TIMEOUT_MS = 120_000;
const RELOAD_FLAG = CHUNK_RELOAD_FLAG;

/** What the shell shows about a screen that is not there yet. */
export type ScreenLoading =
  | { state: 'idle' }
  /** Offline: the screen opens when the connection is back (no reload into an error page). */
  | { state: 'offline' }
  /** Failed after the one reload: shown, with a way to try again. */
  | { state: 'failed'; error: unknown; retry: () => void };

export const screenLoading = createStore<ScreenLoading>()(() => ({ state: 'idle' }));

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: string;
}

/** React Router's route manifest and loaded modules, which its `<Scripts>` put in the page. */
const page = () =>
  window as unknown as {
    __reactRouterManifest?: { routes: Record<string, ManifestRoute> };
    __reactRouterRouteModules?: Record<string, unknown>;
  };

let tree: RouteObject[] | null = null;
function routeTree(routes: Record<string, ManifestRoute>): RouteObject[] {
  if (tree) return tree;
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, caseSensitive: route.caseSensitive ?? false }
          : {
              id: route.id,
              ...(route.path === undefined ? {} : { path: route.path }),
              caseSensitive: route.caseSensitive ?? false,
              children: children(route.id),
            },
      );
  tree = children(undefined);
  return tree;
}

const flag = {
  isSet: () => {
    try {
      return sessionStorage.getItem(RELOAD_FLAG) !== null;
    } catch {
      return true; // Without the flag a reload could repeat forever: show the error instead.
    }
  },
  set: () => {
    try {
      sessionStorage.setItem(RELOAD_FLAG, '1');
    } catch {}
  },
  clear: () => {
    try {
      sessionStorage.removeItem(RELOAD_FLAG);
    } catch {}
  },
};

function withTimeout<T>(promise: Promise<T>, ms: number) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The screen took too long to load')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const online = () =>
  new Promise<void>((resolve) => {
    if (navigator.onLine) return resolve();
    addEventListener('online', () => resolve(), { once: true });
  });

const never = () => new Promise<never>(() => {});

/**
 * Goes on with `go` (a reload, a page load) now when online; offline, says so and goes on once the
 * connection is back: a reload without a connection would show the browser's "no internet" page.
 */
export function whenOnline(go: () => void) {
  if (navigator.onLine) return go();
  screenLoading.setState({ state: 'offline' }, true);
  addEventListener('online', go, { once: true });
}

/**
 * Code for the screen at `destination`, loaded under spec §2's rule: offline, it waits for the
 * connection (nothing is reloaded, nothing in memory is lost); online, a failure loads the page once
 * (a deploy may have replaced the file) and a second one is shown. Never resolves when the page is
 * reloading or showing the failure, or when `wanted()` says the screen is no longer asked for.
 */
async function underChunkRule<T>(load: () => Promise<T>, destination: () => string, wanted: () => boolean) {
  for (;;) {
    try {
      const loaded = await withTimeout(load(), CHUNK_TIMEOUT_MS);
      flag.clear();
      return loaded;
    } catch (error) {
      if (!wanted()) return never();
      if (!navigator.onLine) {
        screenLoading.setState({ state: 'offline' }, true);
        await online();
        if (!wanted()) return never();
        continue;
      }
      if (!flag.isSet()) {
        flag.set();
        location.assign(destination());
        return never();
      }
      flag.clear();
      const again = destination();
      screenLoading.setState(
        { state: 'failed', error, retry: () => whenOnline(() => location.assign(again)) },
        true,
      );
      return never();
    }
  }
}

/** The latest navigation waiting for its modules: an older one never goes ahead after it. */
let latest = 0;

/** The ids of the routes a path shows, from React Router's manifest; null without one. */
function routeIdsOf(url: URL) {
  const { __reactRouterManifest: manifest } = page();
  if (!manifest) return null;
  return (matchRoutes(routeTree(manifest.routes), url.pathname) ?? [])
    .map((match) => match.route.id)
    .filter((id): id is string => id !== undefined);
}

/**
 * The modules of the routes `to` shows, loaded under the rule above, then the texts their handles
 * name (a screen never renders before its texts). Resolves once both are there; never, when the page
 * is reloading or showing the failure, or a later navigation has started meanwhile.
 */
export async function loadRouteModules(to: string, texts?: i18n): Promise<void> {
  const { __reactRouterManifest: manifest } = page();
  if (!manifest) return;
  const url = new URL(to, location.href);
  if (url.origin !== location.origin) return;
  const turn = ++latest;
  const ids = routeIdsOf(url) ?? [];
  const loaded = page().__reactRouterRouteModules ?? {};
  const load = () =>
    Promise.all(
      ids.map((id) => {
        const module = manifest.routes[id]?.module;
        return id in loaded || !module ? loaded[id] : import(/* @vite-ignore */ module);
      }),
    );
  const modules = ids.every((id) => id in loaded)
    ? await load()
    : await underChunkRule(
        load,
        () => `${url.pathname}${url.search}${url.hash}`,
        () => turn === latest,
      );
  // A text file that fails for good leaves its keys to English (i18next): the screen opens anyway.
  if (texts)
    await texts
      .loadNamespaces(routeNamespaces(modules.map((module) => (module as { handle?: unknown }).handle)))
      .catch(() => {});
  if (turn !== latest) return never();
  screenLoading.setState({ state: 'idle' }, true);
}

/**
 * For `React.lazy`: a part of a screen loaded later (a tab, a section) under the same rule as a
 * screen. Offline, it waits for the connection instead of failing into an error that reloads.
 */
export function lazyScreen<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    // Where the shopper is when it fails (a server render never gets there).
    const here = () => `${location.pathname}${location.search}${location.hash}`;
    const module = await underChunkRule(load, here, () => true);
    if (screenLoading.getState().state === 'offline') screenLoading.setState({ state: 'idle' }, true);
    return module;
  };
}

/** A part's code within spec §2's time limit (120 s): past it, it has failed. */
export const withinChunkTimeout = <T>(load: () => Promise<T>) => withTimeout(load(), CHUNK_TIMEOUT_MS);

/**
 * For a part the shopper opens again after its code failed to load (the assistant's chat): spec §2's
 * rule from that second try. It may have been a dropped connection (the download is simply tried
 * again) or a deploy that replaced the file: online, a failure again loads the page once (`beforeLoad`
 * runs first, to open the part on the new page), guarded by the rule's session flag. Offline, or
 * failing after that load, it rejects: the part says so, and the next opening tries again.
 */
export async function retryUnderChunkRule<T>(load: () => Promise<T>, beforeLoad: () => void): Promise<T> {
  try {
    const loaded = await withinChunkTimeout(load);
    flag.clear();
    return loaded;
  } catch (error) {
    if (!navigator.onLine) throw error;
    if (flag.isSet()) {
      flag.clear();
      throw error;
    }
    flag.set();
    beforeLoad();
    location.assign(`${location.pathname}${location.search}${location.hash}`);
    return never();
  }
}

/**
 * Back and forward to a screen whose code is not loaded yet: React Router would import it itself and
 * reload on a failure (offline, into the browser's error page). Such a move is held from the router
 * (this listener comes first) until the code is in under the rule above, then handed on.
 */
export function holdHistoryMoves(texts: i18n) {
  const handedOn = new WeakSet<Event>();
  addEventListener('popstate', (event) => {
    if (handedOn.has(event)) return;
    const url = new URL(location.href);
    const loaded = page().__reactRouterRouteModules ?? {};
    if ((routeIdsOf(url) ?? []).every((id) => id in loaded)) return;
    event.stopImmediatePropagation();
    void loadRouteModules(url.href, texts).then(() => {
      const again = new PopStateEvent('popstate', { state: history.state });
      handedOn.add(again);
      dispatchEvent(again);
    });
  });
}

/** Loads a navigation's (or a fetcher's) route modules and texts before React Router starts it. */
export const routeModuleGuard = (texts: i18n): ClientInstrumentation => ({
  router({ instrument }) {
    instrument({
      navigate: async (_navigate, { to }) => {
        if (typeof to === 'string') await loadRouteModules(to, texts);
      },
      fetch: async (_fetch, { href }) => loadRouteModules(href, texts),
    });
  },
});
