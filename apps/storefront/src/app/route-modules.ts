import type { i18n } from 'i18next';
import type { ClientInstrumentation, RouteObject } from 'react-router';
import { matchRoutes } from 'react-router';
import { createStore } from 'zustand/vanilla';
import { routeNamespaces } from '../i18n/namespaces.ts';
import { CHUNK_RELOAD_FLAG } from './first-load-guard.ts';

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

/** The latest navigation waiting for its modules: an older one never goes ahead after it. */
let latest = 0;

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
  const ids = (matchRoutes(routeTree(manifest.routes), url.pathname) ?? [])
    .map((match) => match.route.id)
    .filter((id): id is string => id !== undefined);
  const modules = await loadModules(manifest.routes, ids, `${url.pathname}${url.search}${url.hash}`, turn);
  // A text file that fails for good leaves its keys to English (i18next): the screen opens anyway.
  if (texts)
    await texts
      .loadNamespaces(routeNamespaces(modules.map((module) => (module as { handle?: unknown }).handle)))
      .catch(() => {});
  if (turn !== latest) return never();
  screenLoading.setState({ state: 'idle' }, true);
}

/** The route modules, imported where the router has not yet (the same URLs: one module each). */
async function loadModules(
  routes: Record<string, ManifestRoute>,
  ids: readonly string[],
  destination: string,
  turn: number,
): Promise<unknown[]> {
  const loaded = page().__reactRouterRouteModules ?? {};
  const load = () =>
    Promise.all(
      ids.map((id) => {
        const module = routes[id]?.module;
        return id in loaded || !module ? loaded[id] : import(/* @vite-ignore */ module);
      }),
    );
  if (ids.every((id) => id in loaded)) return load();
  for (;;) {
    try {
      const modules = await withTimeout(load(), CHUNK_TIMEOUT_MS);
      flag.clear();
      return modules;
    } catch (error) {
      if (turn !== latest) return never();
      if (!navigator.onLine) {
        screenLoading.setState({ state: 'offline' }, true);
        await online();
        if (turn !== latest) return never();
        continue;
      }
      if (!flag.isSet()) {
        flag.set();
        location.assign(destination);
        return never();
      }
      flag.clear();
      screenLoading.setState({ state: 'failed', error, retry: () => location.assign(destination) }, true);
      return never();
    }
  }
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
