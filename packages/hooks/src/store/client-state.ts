import { createJSONStorage, type PersistOptions, persist, type StateStorage } from 'zustand/middleware';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  type BuyNowItem,
  EMPTY_GUEST_CART,
  type GuestCartEvent,
  type GuestCartState,
  guestCartReducer,
  isReadableVersion,
  isUnsafeKey,
  type MergeTargets,
  openEnvelope,
  type PersistedEnvelope,
  type SavedPincode,
  type SlotEvent,
  type SlotSelection,
  sanitizeBuyNow,
  sanitizeGuestCart,
  sanitizeRecentlyViewed,
  sanitizeSavedPincode,
  sanitizeSlots,
  slotReducer,
} from '../core/index.ts';
import { STORAGE_KEYS } from '../keys/index.ts';
import type { SafeStorage } from './storage.ts';

export { STORAGE_KEYS } from '../keys/index.ts';

/** The version of every stored shape below; a value stored by a newer release is kept aside. */
const VERSION = 1;

/**
 * One stored value of the client state: a zustand store of that value, read from and written to its
 * storage key by zustand's `persist`. `reload()` reads the key again (another tab wrote it);
 * `getServerState()`, on a server-rendered page in the browser, is the value the server rendered with.
 */
export type StoredValue<T> = StoreApi<T> & {
  reload(): void;
  getServerState?: () => T;
};

/** What `persist` keeps: the value under `value` (its state must be an object; values may be lists or null). */
interface Held<T> {
  value: T;
}

interface StoredValueSpec<T> {
  key: string;
  fallback: T;
  /** Keeps what is valid; `dropped` counts what was not (the stored text is then kept aside). */
  sanitize: (value: unknown) => { value: T; dropped: number };
}

/** Sets the stored text of `key` aside under `{key}.corrupt`; removed only once the copy is kept. */
function keepAside(storage: SafeStorage, key: string, remove: boolean) {
  const raw = storage.get(key);
  if (raw === null) return;
  if (storage.set(`${key}.corrupt`, raw) && remove) storage.remove(key);
}

/** A stored value of another release or of something else entirely: read as nothing, and kept aside. */
class UnreadableVersionError extends Error {
  override readonly name = 'UnreadableVersionError';
}

/**
 * `persist`'s options for one key. The text stays the `{ version, data }` envelope the hooks have always
 * written (persist's own `{ state, version }` is translated at the JSON boundary), so values stored by
 * an earlier release and the early prefetch (`readPersisted`) read the same.
 *
 * Nothing stored can stop the app or be lost: text that is not JSON, or of a newer version, leaves the
 * value at its fallback and is moved to `{key}.corrupt` before anything is written over it (persist
 * itself would leave it to be overwritten by the next change); a value of the wrong shape keeps what is
 * valid, and its text is copied aside. Writes never throw (`SafeStorage`).
 */
function persistOptions<T>(storage: SafeStorage, spec: StoredValueSpec<T>): PersistOptions<Held<T>, T> {
  const text: StateStorage = {
    getItem: (name) => storage.get(name),
    setItem: (name, value) => void storage.set(name, value),
    removeItem: (name) => storage.remove(name),
  };
  return {
    name: spec.key,
    version: VERSION,
    storage: createJSONStorage<T>(() => text, {
      // Untrusted text: no key can reach a prototype. At the top, the envelope becomes persist's shape.
      reviver: (key, value) => {
        if (isUnsafeKey(key)) return undefined;
        if (key !== '') return value;
        const { version, data } = openEnvelope(value);
        return { state: data, version };
      },
      replacer: (key, value: unknown) => {
        if (key !== '' || !value || typeof value !== 'object' || !('state' in value)) return value;
        const { state, version } = value as { state: T; version?: number };
        return { version: version ?? VERSION, data: state } satisfies PersistedEnvelope<T>;
      },
    }),
    // Only the value is stored.
    partialize: (held) => held.value,
    migrate: (stored, version) => {
      if (!isReadableVersion(version, VERSION))
        throw new UnreadableVersionError(`${spec.key} was stored as version ${version}`);
      // Version 0 is a bare value of today's shape (stored before envelopes); the checks below apply.
      return stored as T;
    },
    // Stored data is never trusted: its shape is checked, what does not fit is dropped (and kept aside).
    merge: (stored) => {
      if (stored === undefined) return { value: spec.fallback };
      const { value, dropped } = spec.sanitize(stored);
      if (dropped > 0) keepAside(storage, spec.key, false);
      return { value };
    },
    onRehydrateStorage: () => (_held, error) => {
      if (error) keepAside(storage, spec.key, true);
    },
  };
}

/** Zustand's `setState` on one value (an object is merged unless `replace`, as zustand does). */
function setValue<T>(current: T, partial: unknown, replace: boolean | undefined): T {
  const next = (typeof partial === 'function' ? partial(current) : partial) as T;
  if (Object.is(next, current)) return current;
  return replace || typeof next !== 'object' || next === null || Array.isArray(next)
    ? next
    : (Object.assign({}, current, next) as T);
}

/** The persisted store of `{ value }` seen as a store of the value itself. */
function valueStore<T>(held: StoreApi<Held<T>>): StoreApi<T> {
  return {
    getState: () => held.getState().value,
    getInitialState: () => held.getInitialState().value,
    setState: ((partial: unknown, replace?: boolean) =>
      held.setState(
        (state) => ({ value: setValue(state.value, partial, replace) }),
        true,
      )) as StoreApi<T>['setState'],
    subscribe: (listener) =>
      held.subscribe((state, previous) => {
        if (!Object.is(state.value, previous.value)) listener(state.value, previous.value);
      }),
  };
}

/**
 * A value kept in storage under `spec.key`, loaded and checked once when made. With `serverStorage` (a
 * server-rendered page in the browser), `getServerState` is the value as the server rendered it.
 */
function storedValue<T>(
  storage: SafeStorage,
  spec: StoredValueSpec<T>,
  serverStorage: SafeStorage | undefined,
): StoredValue<T> {
  // The storage is synchronous: each store has read its key by the time it is made.
  const make = (from: SafeStorage) =>
    createStore<Held<T>>()(persist(() => ({ value: spec.fallback }), persistOptions(from, spec)));
  const held = make(storage);
  const store = Object.assign(valueStore(held), {
    reload: () => void held.persist.rehydrate(),
  });
  if (!serverStorage) return store;
  // The same object when the server rendered what the browser holds (a first visit): React then has
  // nothing to render again once hydration is over (a different object, even equal, re-renders every
  // component that reads the store, at once).
  const rendered = make(serverStorage).getState().value;
  const initial = store.getState();
  const server = JSON.stringify(rendered) === JSON.stringify(initial) ? initial : rendered;
  return Object.assign(store, { getServerState: () => server });
}

export type { SavedPincode };

/** What a planned merge intends, so an interrupted one can finish without doubling anything. */
export interface MergeJournal {
  targets: MergeTargets;
}

function sanitizeMergeJournal(value: unknown): MergeJournal | null {
  const journal = value as Partial<MergeJournal> | null;
  if (!journal || typeof journal.targets !== 'object' || journal.targets === null) return null;
  const targets: MergeJournal['targets'] = {};
  for (const [id, target] of Object.entries(journal.targets)) {
    if (
      /^[0-9]+$/.test(id) &&
      target &&
      Number.isInteger(target.quantity) &&
      (target.kind === 'create' || target.kind === 'update')
    )
      targets[id] = target;
  }
  return { targets };
}

/** Checks that drop nothing they are not given reason to (their callers count nothing as dropped). */
const whole =
  <T>(sanitize: (value: unknown) => T) =>
  (value: unknown) => ({ value: sanitize(value), dropped: 0 });

/**
 * Every piece of client state, created once per `MarketProvider` (no module singletons).
 * `serverStorage`: what a server-rendered page was rendered with (see `MarketSnapshot`).
 */
export function createClientState(storage: SafeStorage, serverStorage?: SafeStorage) {
  const stored = <T>(spec: StoredValueSpec<T>) => storedValue(storage, spec, serverStorage);
  const guestCart = stored<GuestCartState>({
    key: STORAGE_KEYS.guestCart,
    fallback: EMPTY_GUEST_CART,
    sanitize: (value) => {
      const { state, dropped } = sanitizeGuestCart(value);
      return { value: state, dropped };
    },
  });
  const slots = stored<SlotSelection[]>({
    key: STORAGE_KEYS.slots,
    fallback: [],
    sanitize: whole(sanitizeSlots),
  });
  const buyNow = stored<BuyNowItem | null>({
    key: STORAGE_KEYS.buyNow,
    fallback: null,
    sanitize: whole(sanitizeBuyNow),
  });
  const pincode = stored<SavedPincode | null>({
    key: STORAGE_KEYS.pincode,
    fallback: null,
    sanitize: whole(sanitizeSavedPincode),
  });
  const mergeJournal = stored<MergeJournal | null>({
    key: STORAGE_KEYS.mergeJournal,
    fallback: null,
    sanitize: whole(sanitizeMergeJournal),
  });
  const recentlyViewed = stored<number[]>({
    key: STORAGE_KEYS.recentlyViewed,
    fallback: [],
    sanitize: sanitizeRecentlyViewed,
  });
  const byKey: Record<string, { reload(): void }> = {
    [STORAGE_KEYS.recentlyViewed]: recentlyViewed,
    [STORAGE_KEYS.guestCart]: guestCart,
    [STORAGE_KEYS.slots]: slots,
    [STORAGE_KEYS.buyNow]: buyNow,
    [STORAGE_KEYS.pincode]: pincode,
    [STORAGE_KEYS.mergeJournal]: mergeJournal,
  };
  return {
    /** The provider's storage (reads and writes never throw). */
    storage,
    /** Re-reads one stored value (on a `storage` event from another tab), or all of them. */
    reload(key?: string) {
      if (key === undefined) for (const store of Object.values(byKey)) store.reload();
      else byKey[key]?.reload();
    },
    /** This device's cart (`guest_cart`): a guest's cart, and the entries the merge was refused. */
    guestCart,
    /** Chosen service slots (`slot_selected`). */
    slots,
    /** The buy-now item saved before sign-in (`buy_now`). */
    buyNow,
    /** The saved delivery pincode (`pincode`). */
    pincode,
    /** What a merge under way intends (`guest_cart_merge`), so a cut-off one finishes without doubling. */
    mergeJournal,
    /** Product ids the shopper looked at, most recent first (`recently_viewed`). */
    recentlyViewed,
    /** Applies a guest-cart event (add, set quantity, remove, clear, merged, rejected). */
    dispatchGuestCart: (event: GuestCartEvent) =>
      guestCart.setState(guestCartReducer(guestCart.getState(), event), true),
    /** Applies a slot event (select, remove by id or product). */
    dispatchSlots: (event: SlotEvent) => slots.setState(slotReducer(slots.getState(), event), true),
  };
}

/** The client state of one provider (see `createClientState`). */
export type ClientState = ReturnType<typeof createClientState>;
