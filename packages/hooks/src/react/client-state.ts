import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  type BuyNowItem,
  EMPTY_GUEST_CART,
  type GuestCartEvent,
  type GuestCartState,
  guestCartReducer,
  type MergeTargets,
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
import { loadPersisted, type SafeStorage, savePersisted } from './storage.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

export { STORAGE_KEYS } from './storage-keys.ts';

const VERSION = 1;

type Reloadable<T> = StoreApi<T> & { reload(): void; getServerState?: () => T };

/**
 * A persisted zustand store: loaded and validated once, saved on every change (never throwing). With
 * `serverStorage` (a server-rendered page in the browser), `getServerState` is the value as the
 * server rendered it, for the hydrating render.
 */
function persisted<T>(
  storage: SafeStorage,
  key: string,
  fallback: T,
  sanitize: (value: unknown) => { value: T; dropped: number },
  serverStorage: SafeStorage | undefined,
): Reloadable<T> {
  const read = (from: SafeStorage) =>
    loadPersisted(from, key, { version: VERSION, fallback, sanitize }).value;
  const load = () => read(storage);
  const store = createStore<T>()(() => load());
  let reloading = false;
  store.subscribe((value) => {
    if (!reloading) savePersisted(storage, key, VERSION, value);
  });
  /** Re-reads the stored value (another tab may have changed it) without writing it back. */
  const reload = () => {
    reloading = true;
    try {
      store.setState(load(), true);
    } finally {
      reloading = false;
    }
  };
  if (!serverStorage) return Object.assign(store, { reload });
  // The same object when the server rendered what the browser holds (a first visit): React then has
  // nothing to render again once hydration is over (a different object, even equal, re-renders every
  // component that reads the store, at once).
  const rendered = read(serverStorage);
  const initial = store.getState();
  const server = JSON.stringify(rendered) === JSON.stringify(initial) ? initial : rendered;
  return Object.assign(store, { reload, getServerState: () => server });
}

export type { SavedPincode };

/** What a planned merge intends, so an interrupted one can finish without doubling anything. */
export interface MergeJournal {
  targets: MergeTargets;
}

/**
 * Every piece of client state, created once per `MarketProvider` (no module singletons).
 * `serverStorage`: what a server-rendered page was rendered with (see `MarketSnapshot`).
 */
export function createClientState(storage: SafeStorage, serverStorage?: SafeStorage) {
  const guestCart = persisted<GuestCartState>(
    storage,
    STORAGE_KEYS.guestCart,
    EMPTY_GUEST_CART,
    (value) => {
      const { state, dropped } = sanitizeGuestCart(value);
      return { value: state, dropped };
    },
    serverStorage,
  );
  const slots = persisted<SlotSelection[]>(
    storage,
    STORAGE_KEYS.slots,
    [],
    (value) => ({
      value: sanitizeSlots(value),
      dropped: 0,
    }),
    serverStorage,
  );
  const buyNow = persisted<BuyNowItem | null>(
    storage,
    STORAGE_KEYS.buyNow,
    null,
    (value) => ({
      value: sanitizeBuyNow(value),
      dropped: 0,
    }),
    serverStorage,
  );
  const pincode = persisted<SavedPincode | null>(
    storage,
    STORAGE_KEYS.pincode,
    null,
    (value) => ({
      value: sanitizeSavedPincode(value),
      dropped: 0,
    }),
    serverStorage,
  );
  const mergeJournal = persisted<MergeJournal | null>(
    storage,
    STORAGE_KEYS.mergeJournal,
    null,
    (value) => {
      const journal = value as Partial<MergeJournal> | null;
      if (!journal || typeof journal.targets !== 'object' || journal.targets === null)
        return { value: null, dropped: 0 };
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
      return { value: { targets }, dropped: 0 };
    },
    serverStorage,
  );
  const recentlyViewed = persisted<number[]>(
    storage,
    STORAGE_KEYS.recentlyViewed,
    [],
    sanitizeRecentlyViewed,
    serverStorage,
  );
  const byKey: Record<string, { reload(): void }> = {
    [STORAGE_KEYS.recentlyViewed]: recentlyViewed,
    [STORAGE_KEYS.guestCart]: guestCart,
    [STORAGE_KEYS.slots]: slots,
    [STORAGE_KEYS.buyNow]: buyNow,
    [STORAGE_KEYS.pincode]: pincode,
    [STORAGE_KEYS.mergeJournal]: mergeJournal,
  };
  return {
    storage,
    /** Re-reads one stored value (on a `storage` event from another tab), or all of them. */
    reload(key?: string) {
      if (key === undefined) for (const store of Object.values(byKey)) store.reload();
      else byKey[key]?.reload();
    },
    guestCart,
    slots,
    buyNow,
    pincode,
    mergeJournal,
    recentlyViewed,
    dispatchGuestCart: (event: GuestCartEvent) =>
      guestCart.setState(guestCartReducer(guestCart.getState(), event), true),
    dispatchSlots: (event: SlotEvent) => slots.setState(slotReducer(slots.getState(), event), true),
  };
}

export type ClientState = ReturnType<typeof createClientState>;
