import { useEffect } from 'react';
import { type ClientInstrumentation, type Location, useBlocker, useNavigation } from 'react-router';
import { createStore } from 'zustand/vanilla';
import { CHUNK_RELOAD_FLAG, NAVIGATION_KEY, type NavigationRecord } from '../early/flags.ts';

/**
 * The rule for code that fails to load: a screen whose code fails to load causes one full page load,
 * guarded by a session flag; a second failure shows the error; a chunk that takes 120 s has failed;
 * offline, the app waits for the connection instead of loading a page into the browser's error page.
 *
 * Through public interfaces only. A screen's own code is React Router's to load: on a failure it loads
 * again the page it is on; the navigation recorded here (`recordNavigations`, `recordHistoryMoves`)
 * lets the early script take the shopper on to the screen they asked for, once, under the flag
 * (src/early/after-reload.ts). Offline, navigations are held with React Router's `useBlocker` until
 * the connection is back (`useCodeLoadingRule`). A part of a screen loaded later (`lazyScreen`) is our
 * own `import()`, under the same rule here.
 */
export const CHUNK_TIMEOUT_MS = 120_000;
const RELOAD_FLAG = CHUNK_RELOAD_FLAG;
const idle: ScreenLoading = { state: 'idle' };

/** What the shell shows about a screen that is not there yet. */
export type ScreenLoading =
  | { state: 'idle' }
  /** Offline: the screen opens when the connection is back (no reload into an error page). */
  | { state: 'offline' }
  /** Failed after the one reload: shown, with a way to try again. */
  | { state: 'failed'; error: unknown; retry: () => void };

export const screenLoading = createStore<ScreenLoading>()(() => ({ state: 'idle' }));

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
 * Code for the screen at `destination`, loaded under the code-loading rule: offline, it waits for the
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

/** A part's code within the code-loading time limit (120 s): past it, it has failed. */
export const withinChunkTimeout = <T>(load: () => Promise<T>) => withTimeout(load(), CHUNK_TIMEOUT_MS);

/**
 * For a part the shopper opens again after its code failed to load (the assistant's chat): the code-loading
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

/** A path of this site as the early script compares it: path, query and hash. */
const pathOf = (place: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  `${place.pathname}${place.search}${place.hash}`;
const here = () => pathOf(location);

/** The navigation under way, for the early script (src/early/after-reload.ts), or none. */
const navigationRecord = {
  note: (to: string) => {
    try {
      const record: NavigationRecord = { from: here(), to };
      sessionStorage.setItem(NAVIGATION_KEY, JSON.stringify(record));
    } catch {
      // Storage refused: a failure loads the page it is on again (React Router's own behaviour).
    }
  },
  forget: () => {
    try {
      sessionStorage.removeItem(NAVIGATION_KEY);
    } catch {}
  },
};

/**
 * Records each navigation React Router starts (links, forms that navigate, `navigate()`) until it is
 * done: if the page is loaded again meanwhile, the early script knows where the shopper was going.
 */
export const recordNavigations: ClientInstrumentation = {
  router({ instrument }) {
    instrument({
      navigate: async (navigate, { to }) => {
        if (typeof to === 'string') {
          const url = new URL(to, location.href);
          if (url.origin === location.origin) navigationRecord.note(pathOf(url));
        }
        try {
          await navigate();
        } finally {
          navigationRecord.forget();
        }
      },
    });
  },
};

/**
 * Back and forward: the address is the destination's already, so a page loaded again for it is the
 * rule's one page load. Only listens (React Router handles the move); `useCodeLoadingRule` forgets
 * the record once the router is idle.
 */
export function recordHistoryMoves() {
  addEventListener('popstate', () => navigationRecord.note(here()));
}

/** A navigation still loading after the rule's time limit has failed: the rule's page load, or the error. */
function navigationTooSlow(to: string) {
  navigationRecord.forget();
  if (!flag.isSet()) {
    flag.set();
    location.assign(to);
    return;
  }
  flag.clear();
  screenLoading.setState(
    {
      state: 'failed',
      error: new Error('The screen took too long to load'),
      retry: () => whenOnline(() => location.assign(to)),
    },
    true,
  );
}

/**
 * The rule in the app (the root renders it once): the screen's code is in, so the flag is cleared;
 * offline, a navigation waits for the connection, said by the shell (`screenLoading`); a navigation
 * loading for 120 s has failed.
 */
export function useCodeLoadingRule() {
  useEffect(() => flag.clear(), []);
  // Offline, React Router would load the screen's code and, failing, the page into the browser's
  // error page: every navigation waits instead (whether its code is in, only React Router knows).
  const blocker = useBlocker(() => !navigator.onLine);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const destination = pathOf(blocker.location);
    screenLoading.setState({ state: 'offline' }, true);
    const go = () => {
      screenLoading.setState(idle, true);
      navigationRecord.note(destination);
      blocker.proceed();
    };
    addEventListener('online', go, { once: true });
    return () => removeEventListener('online', go);
  }, [blocker]);
  const navigation = useNavigation();
  const destination = navigation.location ? pathOf(navigation.location) : null;
  useEffect(() => {
    if (navigation.state === 'idle' || !destination) {
      navigationRecord.forget();
      return;
    }
    const timer = setTimeout(() => navigationTooSlow(destination), CHUNK_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [navigation.state, destination]);
}
