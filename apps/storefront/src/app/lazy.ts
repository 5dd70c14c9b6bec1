import { lazy } from 'react';
import { boot } from '../boot/start.ts';
import { loadScreen, SCREEN_NAMESPACES, type ScreenModule, type ScreenName } from './screens.ts';

const RELOAD_FLAG = 'marketkit_chunk_reload';
/** Spec §2: chunk load timeout. */
export const CHUNK_TIMEOUT_MS = 120_000;
/** How long a screen waits for its texts before showing (fallback texts or keys) anyway. */
const TEXTS_TIMEOUT_MS = 15_000;

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

/**
 * A lazy screen (spec §2): a screen that fails to load causes one full reload, guarded by a session
 * flag; a second failure is thrown to the error boundary.
 */
export function lazyScreen(name: ScreenName) {
  let pending: Promise<ScreenModule> | null = null;
  const start = () => {
    // The screen shows once its code and its texts are both there.
    pending ??= loadOnce(() => loadScreen(name)).then(async (module) => {
      // Texts that never arrive must not hold the screen: after a while it shows with what it has.
      const texts = (await boot).i18n.whenSettled(SCREEN_NAMESPACES[name]);
      await Promise.race([texts, new Promise((resolve) => setTimeout(resolve, TEXTS_TIMEOUT_MS))]);
      return module;
    });
    return pending;
  };
  return lazy(start);
}

/** Session storage that may be refused (privacy modes): then the reload guard cannot be kept. */
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

async function loadOnce(load: () => Promise<ScreenModule>): Promise<ScreenModule> {
  try {
    const module = await withTimeout(load(), CHUNK_TIMEOUT_MS);
    flag.clear();
    return module;
  } catch (error) {
    if (!flag.isSet()) {
      flag.set();
      location.reload();
      return new Promise<ScreenModule>(() => {});
    }
    flag.clear();
    throw error;
  }
}
