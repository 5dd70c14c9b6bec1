import { type PersistedRead, readPersisted, writePersisted } from '../core/index.ts';

/** The parts of `Storage` the hooks use; inject one for tests or non-browser hosts. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** An in-memory storage (the default where `localStorage` is missing or refuses access). */
export function createMemoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

/**
 * `localStorage` when it can be used, else memory. Touching `localStorage` can itself throw. A server
 * (no `window`) always gets memory: a runtime's own `localStorage` there would be shared by every
 * shopper it renders a page for.
 */
export function defaultStorage(): KeyValueStorage {
  if (typeof window === 'undefined') return createMemoryStorage();
  try {
    const storage = globalThis.localStorage;
    // Reading must work; a full quota only makes writes fail (handled by `safe`), and what is
    // stored is still read.
    if (storage) {
      storage.getItem('__marketkit_probe__');
      return storage;
    }
  } catch {
    // Private mode, disabled storage or a sandboxed frame.
  }
  return createMemoryStorage();
}

/** Reads and writes never throw: a full quota or a refusing storage only loses persistence. */
export function safe(storage: KeyValueStorage, onError: (error: unknown, key: string) => void = () => {}) {
  return {
    get(key: string) {
      try {
        return storage.getItem(key);
      } catch (error) {
        onError(error, key);
        return null;
      }
    },
    set(key: string, value: string) {
      try {
        storage.setItem(key, value);
        return true;
      } catch (error) {
        onError(error, key);
        return false;
      }
    },
    remove(key: string) {
      try {
        storage.removeItem(key);
      } catch (error) {
        onError(error, key);
      }
    },
  };
}

export type SafeStorage = ReturnType<typeof safe>;

/**
 * Loads a versioned value. A corrupt one is kept aside under `{key}.corrupt` (never silently lost)
 * and the default is used, so the app still starts.
 */
export function loadPersisted<T>(
  storage: SafeStorage,
  key: string,
  options: Parameters<typeof readPersisted<T>>[1],
): PersistedRead<T> {
  const raw = storage.get(key);
  const result = readPersisted(raw, options);
  if (result.status === 'corrupt') {
    // Removed only once the copy is kept (a full quota must not turn "set aside" into "lost").
    if (storage.set(`${key}.corrupt`, result.raw)) storage.remove(key);
  } else if (result.status === 'ok' && result.dropped > 0 && raw !== null) {
    // Some entries were invalid: the valid ones are used, the original is kept aside, not lost.
    storage.set(`${key}.corrupt`, raw);
  }
  return result;
}

export const savePersisted = <T>(storage: SafeStorage, key: string, version: number, value: T) =>
  storage.set(key, writePersisted(version, value));
