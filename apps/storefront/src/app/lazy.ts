import { type ComponentType, lazy } from 'react';

const RELOAD_FLAG = 'marketkit_chunk_reload';
/** Spec §2: chunk load timeout. */
export const CHUNK_TIMEOUT_MS = 120_000;

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
/** Every screen receives its route's title key. */
export type ScreenProps = { title: string };

export function lazyScreen(load: () => Promise<{ default: ComponentType<ScreenProps> }>) {
  return lazy(async () => {
    try {
      const module = await withTimeout(load(), CHUNK_TIMEOUT_MS);
      sessionStorage.removeItem(RELOAD_FLAG);
      return module;
    } catch (error) {
      if (sessionStorage.getItem(RELOAD_FLAG) === null) {
        sessionStorage.setItem(RELOAD_FLAG, '1');
        location.reload();
        return new Promise<{ default: ComponentType<ScreenProps> }>(() => {});
      }
      sessionStorage.removeItem(RELOAD_FLAG);
      throw error;
    }
  });
}
