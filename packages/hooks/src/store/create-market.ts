import {
  createCookieTokenStore,
  createMarketClient,
  createMemoryTokenStore,
  type MarketClient,
  type ReplayFailedEvent,
  ruleError,
  type Schema,
  type SessionEndReason,
  type TokenStore,
} from '@marketkit/sdk';
import { QueryClient } from '@tanstack/query-core';
import { createStore } from 'zustand/vanilla';
import {
  activePincode,
  type BuyNowItem,
  chosenLanguage,
  directionOf,
  type GuestCartState,
  hasGuestCartToMerge,
  isSavablePincode,
  refetchesStoreStatus,
  refreshesOn401,
  resolveLanguage,
  retryDelay,
  type SlotSelection,
  sessionFromToken,
  shouldRetry,
  shouldStartGuestCartMerge,
  shownAccessToken,
  toCartQuantity,
  unsignedToken,
  writePersisted,
} from '../core/index.ts';
import { isShopperScoped, marketKeys, STORAGE_KEYS } from '../keys/index.ts';
import { type PrefetchedStore, storeCalls } from '../prefetch/index.ts';
import { type CartBackend, cartBackend } from './cart-backend.ts';
import { createClientState } from './client-state.ts';
import { createGuestCartMerge } from './guest-cart-merge.ts';
import type {
  GuestCartMergeState,
  MarketContextValue,
  MarketSnapshot,
  PageRules,
  SessionSource,
} from './market.ts';
import { createMemoryStorage, defaultStorage, type KeyValueStorage, safe } from './storage.ts';

/** What a market follows from the app while it runs: read whenever needed, changed with `update`. */
export interface MarketLiveOptions extends PageRules {
  /** The current pathname (default: `location.pathname`, `/` where there is none). */
  pathname?: () => string;
  /**
   * The shopper's language as the app holds it, for an app whose texts come from elsewhere (i18next:
   * `i18n.language`). The hooks and every call then use it (matched to the store's languages: `en-US`
   * is `en_US`), and changing it asks again for the answers that depend on the language. The stored
   * `ln` follows it, for the early calls of the next visit. Without it the hooks keep the language
   * themselves: the stored `ln`, else the store's default.
   */
  language?: string;
  /**
   * With `language`: receives a language chosen through the hooks, for the app to switch to
   * (i18next: `i18n.changeLanguage`), after which `language` follows. It is called with the store's
   * code by `setLanguage(code)`, and with the store's default when the given language is not active
   * in the store (where the hooks alone would reload the page).
   */
  onLanguageChange?: (language: string) => void;
  /**
   * The guest-cart merge: `automatic` (default) starts it once a shopper with a guest cart is signed in,
   * on any page `mergeBlockedOn` does not block; `manual` leaves it to the app's
   * `useGuestCartMerge().merge()` (or `market.guestCartMerge.run()`). Either way there is one merge.
   */
  guestCartMerge?: 'automatic' | 'manual';
  /**
   * A request replayed after a successful token refresh failed again. The reference storefront reloads
   * the page; the default does nothing.
   */
  onReplayFailed?: (event: ReplayFailedEvent) => void;
  /** Called when the session ends without the shopper asking (refresh refused, signed out elsewhere). */
  onSessionEnded?: (reason: SessionEndReason) => void;
}

/** The options a market reads when it is made (`createMarket`), besides the live ones. */
export interface MarketOptions extends MarketLiveOptions {
  /** Base URL of the services host, e.g. `http://localhost:4010`. */
  servicesHost: string;
  /** Store name (the guest realm is `{store}-customer`). */
  store: string;
  /**
   * The store's id if the app already knows it (runtime configuration): store settings then load
   * alongside store validation. Otherwise the id remembered from the last visit is used the same way.
   */
  storeId?: number;
  /**
   * Where the session's tokens live: the session's one home, which every hook reads. Default: cookies
   * in a browser (`createCookieTokenStore()`), memory on a server. In tests, give each test its own
   * `createMemoryTokenStore()` (from `@marketkit/sdk`) so no session leaks from one test to the next.
   */
  tokens?: TokenStore;
  /**
   * Key-value storage for client state (guest cart, language, pincode…). Default: `localStorage` when
   * usable, else memory. In tests, give each test its own `createMemoryStorage()` so nothing stored
   * leaks from one test to the next.
   */
  storage?: KeyValueStorage;
  /** Bring your own QueryClient; by default one is created with the spec's retry and cache rules. */
  queryClient?: QueryClient;
  /** Custom `fetch` for the SDK (tests, proxies). */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * Store calls started early with `prefetchStore` from `@marketkit/hooks/prefetch` (for example by a
   * small script that runs while the app's JavaScript loads): used instead of asking again.
   */
  prefetched?: PrefetchedStore;
  /**
   * On a page rendered on a server: what it was rendered with, the same object on the server and in
   * the browser (see `MarketSnapshot`). On the server the market then reads no storage and no
   * cookie; in the browser the first render matches the server's and the browser's own state follows.
   */
  snapshot?: MarketSnapshot;
  /** Reported when a stored value could not be read or written (corrupt JSON, full quota). */
  onStorageError?: (error: unknown, key: string) => void;
}

/** The market's state as `getState()` gives it: a new object only when something in it changed. */
export interface MarketState {
  /** The access token the session shows (see `shownAccessToken`), or null for a guest. */
  accessToken: string | null;
  /** Whether a shopper is signed in. */
  signedIn: boolean;
  /** The language calls are made in (the app's, as the store spells it, else the stored one), or null. */
  language: string | null;
  /** The active delivery pincode, or null. */
  pincode: string | null;
  /** This device's cart (a guest's cart, and the entries the merge was refused). */
  guestCart: GuestCartState;
  /** The chosen service slots, one per product. */
  slots: SlotSelection[];
  /** The item kept to buy now, or null. */
  buyNow: BuyNowItem | null;
  /** Where the guest-cart merge stands. */
  merge: GuestCartMergeState;
}

/**
 * One store's market outside any framework: the SDK client, the query cache, the session (from the
 * token store), the client state and the guest-cart merge, with `getState`/`subscribe` and the
 * actions the hooks perform. `MarketProvider` makes one (or is given one); Node scripts and tests use
 * it alone.
 */
export interface Market extends MarketContextValue {
  /** The market's state now; the same object until something in it changes. */
  getState(): MarketState;
  /** Calls `listener` after each change of `getState()`; returns a function that stops it. */
  subscribe(listener: (state: MarketState) => void): () => void;
  /**
   * Follows the session, other tabs (in a browser) and, unless `guestCartMerge: 'manual'`, starts the
   * merge whenever it is due; returns a function that stops all of it. Not called on a server.
   */
  start(): () => void;
  /** Changes the live options; a key given as `undefined` goes back to its default. */
  update(options: MarketLiveOptions): void;
  /**
   * Takes in the app's `language` option: the stored `ln` keeps it, and the answers asked in the last
   * one are asked again. `MarketProvider` calls it when the option changes.
   */
  followLanguage(): void;
  /** The language calls are made in now (see `MarketLiveOptions.language`). */
  language(): string | null;
  /**
   * Switches to one of the store's active languages (matched case-insensitively, `-` as `_`) and returns
   * its code as the store spells it (see `useLanguage().setLanguage`). Throws a `MarketApiError`:
   * `LANGUAGE_NOT_ACTIVE`, or `LANGUAGE_CONTROLLED` when the app gives the language without
   * `onLanguageChange`. `languages`: the store's list (default: the one in the query cache).
   */
  setLanguage(code: string, languages?: readonly Schema<'Language'>[]): string;
  /** Saves a delivery pincode (4 to 10 digits; else throws `INVALID_PINCODE`); lists are asked again. */
  savePincode(pincode: string, addressId?: number | null): void;
  /** Forgets the pincode. */
  clearPincode(): void;
  /** Keeps an item to buy now (quantity kept to a whole number from 1 to 999). */
  setBuyNow(productId: number, quantity?: number, slotId?: number | null): void;
  /** Forgets the buy-now item. */
  clearBuyNow(): void;
  /** Chooses a product's slot (replacing the one chosen before). */
  selectSlot(productId: number, slotId: number): void;
  /** Forgets a chosen slot by its id. */
  removeSlotById(slotId: number): void;
  /** Forgets a product's chosen slot. */
  removeSlotByProduct(productId: number): void;
  /** The cart the session writes to: the server cart when signed in, else this device's. */
  cart(signedIn?: boolean): CartBackend;
  /**
   * Starts the guest-cart merge when it is due (signed in, a guest cart to merge, not run yet, the page
   * not blocked by `mergeBlockedOn`, not `manual`). `start()` calls it on every change it follows; an
   * app whose route changes calls it too (`MarketProvider` does on every render).
   */
  mergeIfDue(): void;
}

/** Stored values a server-rendered page starts from (the keys `MarketSnapshot` covers). */
function snapshotStorage(snapshot: MarketSnapshot): KeyValueStorage {
  const storage = createMemoryStorage();
  storage.setItem(STORAGE_KEYS.language, snapshot.language);
  storage.setItem(STORAGE_KEYS.direction, snapshot.direction);
  if (snapshot.pincode)
    storage.setItem(STORAGE_KEYS.pincode, writePersisted(1, { pincode: snapshot.pincode, addressId: null }));
  return storage;
}

/** Whether this runs on a server (no DOM): no cookies, no browser storage, no listeners. */
const onServer = () => typeof document === 'undefined';

/**
 * Who a token belongs to (its `sub`, else its display name), or null for none: a refreshed token is
 * the same shopper; another sign-in is not.
 */
export function shopperOf(accessToken: string | null): string | null {
  const decoded = sessionFromToken(accessToken);
  if (decoded.status !== 'signed-in') return null;
  const sub = decoded.user.claims.sub;
  return typeof sub === 'string' && sub ? sub : decoded.user.displayName;
}

/** Written when a session starts or ends, so the store's other tabs follow (a `storage` event). */
const SESSION_SIGNAL_KEY = 'marketkit_session_signal';

/**
 * A QueryClient with the spec's rules: 3 retries with 1 s → 30 s backoff, never on 4xx; gc 5 minutes
 * (on a server, which renders one page with it and drops it, no gc timers are kept).
 */
export function createMarketQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        gcTime: onServer() ? Number.POSITIVE_INFINITY : 5 * 60 * 1000,
      },
      mutations: { retry: false },
    },
  });
}

/** Clears per-user client storage on sign-out (the guest cart and the store's own keys stay). */
const SESSION_KEYS = [
  STORAGE_KEYS.wishlist,
  STORAGE_KEYS.payDone,
  STORAGE_KEYS.orderId,
  'user',
  'token',
  'authenticated',
];

/** The options `update` changes (every other option is read once, when the market is made). */
export const LIVE_KEYS = [
  'pathname',
  'language',
  'onLanguageChange',
  'guestCartMerge',
  'onReplayFailed',
  'onSessionEnded',
  'mergeBlockedOn',
  'buyNowBlockedOn',
  'refreshBlockedOn',
] as const satisfies readonly (keyof MarketLiveOptions)[];

/** Puts calls already under way into the cache under the keys the hooks read; one that failed is asked again. */
function seedPrefetched(queryClient: QueryClient, client: MarketClient, prefetched: PrefetchedStore) {
  const keys = marketKeys(prefetched.store);
  const calls = storeCalls(client);
  void queryClient.prefetchQuery({
    queryKey: keys.storeValidation(),
    queryFn: () => prefetched.validation.catch(() => calls.validation()),
  });
  void queryClient.prefetchQuery({
    queryKey: keys.languages(),
    queryFn: () => prefetched.languages.catch(() => calls.languages()),
  });
  for (const query of prefetched.screen ?? [])
    void queryClient.prefetchQuery({
      queryKey: query.queryKey,
      queryFn: () => query.result.catch(query.retry),
    });
  const settings = prefetched.settings;
  if (settings)
    void queryClient.prefetchQuery({
      queryKey: keys.settings(settings.storeId),
      queryFn: () => settings.result.catch(() => calls.settings(settings.storeId)),
    });
}

/** A token store whose changes can be heard: its own `subscribe`, else told by the writes made through it. */
function observable(store: TokenStore): TokenStore & Pick<Required<TokenStore>, 'subscribe'> {
  if (store.subscribe) return store as TokenStore & Pick<Required<TokenStore>, 'subscribe'>;
  const listeners = new Set<() => void>();
  const tell = () => {
    for (const listener of [...listeners]) listener();
  };
  const sync = store.sync?.bind(store);
  return {
    get: () => store.get(),
    set(grant) {
      store.set(grant);
      tell();
    },
    clear() {
      store.clear();
      tell();
    },
    ...(sync
      ? {
          async sync() {
            await sync();
            tell();
          },
        }
      : {}),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** Whether two states hold the same values, field by field. */
const sameState = (a: MarketState, b: MarketState) =>
  (Object.keys(a) as (keyof MarketState)[]).every((key) => Object.is(a[key], b[key]));

/**
 * Makes one store's market (see `Market`). Everything is created once per market: two markets (two
 * stores) never share state or cache. In a browser call `start()` once it is in use (the provider
 * does); on a server, don't.
 */
export function createMarket(options: MarketOptions): Market {
  const server = onServer();
  let live: MarketLiveOptions = options;
  const snapshot = options.snapshot ?? null;
  const seeded = snapshot ? snapshotStorage(snapshot) : null;
  // A server reads no browser storage: what the page is rendered with comes in the snapshot.
  const storage = safe(
    options.storage ?? (server ? (seeded ?? createMemoryStorage()) : defaultStorage()),
    options.onStorageError,
  );
  const serverStorage = seeded && !server ? safe(seeded) : storage;
  const tokens = observable(options.tokens ?? (server ? createMemoryTokenStore() : createCookieTokenStore()));
  // In the browser, the hydrating render shows what the server rendered: the session only when the
  // server saw one (a cross-site navigation sends no SameSite=Strict cookie), stored state empty.
  const state = createClientState(storage, serverStorage === storage ? undefined : serverStorage);
  const queryClient = options.queryClient ?? createMarketQueryClient();
  const keys = marketKeys(options.store);
  // Read through the live options: a router's pathname changes while the market lives.
  const pathname = () => live.pathname?.() ?? (typeof location === 'undefined' ? '/' : location.pathname);

  // The session: read from the token store, never copied. `shown` keeps the last access token while
  // only a refresh token is held (see `shownAccessToken`).
  let shown: string | null = null;
  const accessToken = () => {
    shown = shownAccessToken(tokens.get(), shown);
    return shown;
  };
  const initialToken = accessToken();
  const rendered = snapshot?.signedIn ? (snapshot.session ?? initialToken) : null;
  // The browser's own token when it is the one the page was rendered with.
  const renderedToken = unsignedToken(initialToken) === unsignedToken(rendered) ? initialToken : rendered;
  const session: SessionSource = {
    subscribe: (listener) => tokens.subscribe(listener),
    accessToken,
    serverAccessToken: snapshot && !server ? () => renderedToken : accessToken,
  };

  const givenLanguage = createStore<string | null>()(() => options.language ?? null);
  const storedVersion = createStore<{ version: number }>()(() => ({ version: 0 }));
  const storedChanged = () => storedVersion.setState((current) => ({ version: current.version + 1 }));
  const cachedLanguages = () =>
    queryClient.getQueryData<{ data: Schema<'Language'>[] }>(keys.languages())?.data;
  /** The language every call is made in: the app's (as the store spells it), else the stored one. */
  const language = () => {
    const given = live.language;
    if (given === undefined) return storage.get(STORAGE_KEYS.language);
    const list = cachedLanguages();
    return list ? resolveLanguage(given, list).language : given;
  };

  const announceSession = () => storage.set(SESSION_SIGNAL_KEY, `${Date.now()}-${Math.random()}`);
  let market: Market;
  const guestCartMerge = createGuestCartMerge(() => market);
  /** The shopper's own data goes (stored keys, half-done work, cached answers); tokens stay. */
  const forgetShopper = () => {
    for (const key of SESSION_KEYS) storage.remove(key);
    // A half-done merge or a pending buy-now belongs to the session that made it.
    state.mergeJournal.setState(null, true);
    state.buyNow.setState(null, true);
    guestCartMerge.reset();
    // The shopper's answers go; the store's own (validation, settings, languages…) stay, so the
    // storefront does not fall back to its loading screen when a session ends.
    queryClient.removeQueries({ predicate: (query) => isShopperScoped(query.queryKey) });
  };
  // The shopper the shopper's data belongs to; a session that ended unasked (tokens gone, not by this
  // tab) is reported once the other tab's signal arrives.
  let shopper = shopperOf(initialToken);
  let endedUnasked = false;
  const endSession = ({ broadcast = true }: { broadcast?: boolean } = {}) => {
    shopper = null;
    endedUnasked = false;
    tokens.clear();
    forgetShopper();
    if (broadcast) announceSession();
  };
  /** The token store changed: another shopper (or none) means the last one's data goes. */
  const followTokens = () => {
    const next = shopperOf(accessToken());
    if (next === shopper) return;
    const before = shopper;
    shopper = next;
    if (before === null) return;
    forgetShopper();
    if (next === null) endedUnasked = true;
  };
  /**
   * Another tab of the store said its session changed: re-read the tokens; a session of this tab that
   * ended there ends here too, reported as `ended-elsewhere`.
   */
  const followOtherTab = async () => {
    const hadSession = shopper !== null || endedUnasked;
    await tokens.sync?.();
    followTokens();
    if (accessToken() !== null || !hadSession) return;
    endSession({ broadcast: false });
    live.onSessionEnded?.('ended-elsewhere');
  };
  // An access token that cannot be decoded means: clear everything.
  if (sessionFromToken(initialToken).status === 'clear-everything') endSession();
  const client = createMarketClient({
    servicesHost: options.servicesHost,
    store: options.store,
    tokens,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    getLanguage: language,
    getPincode: () => activePincode(state.pincode.getState()),
    shouldRefresh: () => refreshesOn401(pathname(), live.refreshBlockedOn),
    onReplayFailed: (event) => live.onReplayFailed?.(event),
    onHttpError: (event) => {
      if (refetchesStoreStatus(event))
        // A burst of errors re-checks once: a check already under way is not restarted.
        void queryClient.invalidateQueries({ queryKey: keys.storeValidation() }, { cancelRefetch: false });
    },
    onSessionEnded: (reason) => {
      endSession();
      live.onSessionEnded?.(reason);
    },
  });
  if (options.prefetched && options.prefetched.store === options.store)
    seedPrefetched(queryClient, client, options.prefetched);

  /** Every store the state is made of (the token store is heard through `session`). */
  const parts = [
    state.guestCart,
    state.slots,
    state.buyNow,
    state.pincode,
    state.mergeJournal,
    guestCartMerge.state,
    givenLanguage,
    storedVersion,
  ];
  const listenToParts = (listener: () => void) => {
    const stops = [session.subscribe(listener), ...parts.map((part) => part.subscribe(listener))];
    return () => {
      for (const stop of stops) stop();
    };
  };
  // The token's claims are read once per token, not on every `getState()` (each render reads it).
  let claimsOf: { token: string | null; signedIn: boolean } = { token: null, signedIn: false };
  const signedInWith = (token: string | null) => {
    if (token !== claimsOf.token)
      claimsOf = { token, signedIn: sessionFromToken(token).status === 'signed-in' };
    return claimsOf.signedIn;
  };
  const readState = (): MarketState => {
    const token = accessToken();
    return {
      accessToken: token,
      signedIn: signedInWith(token),
      language: language(),
      pincode: activePincode(state.pincode.getState()),
      guestCart: state.guestCart.getState(),
      slots: state.slots.getState(),
      buyNow: state.buyNow.getState(),
      merge: guestCartMerge.state.getState(),
    };
  };
  let current = readState();
  const getState = () => {
    const next = readState();
    if (!sameState(next, current)) current = next;
    return current;
  };

  const mergeIfDue = () => {
    if (live.guestCartMerge === 'manual') return;
    const { signedIn, guestCart, buyNow, merge } = getState();
    const due = shouldStartGuestCartMerge({
      signedIn,
      pathname: pathname(),
      blockedOn: live.mergeBlockedOn,
      status: merge.status,
      pending: hasGuestCartToMerge(guestCart.items, state.mergeJournal.getState(), buyNow),
    });
    // A failure is in the merge's state (`guestCartMerge.state`).
    if (due) guestCartMerge.run().catch(() => undefined);
  };

  market = {
    client,
    queryClient,
    state,
    session,
    store: options.store,
    storeId: options.storeId ?? null,
    keys,
    pathname,
    pageRules: () => live,
    givenLanguage,
    languageHandler: () => live.onLanguageChange,
    guestCartMerge,
    endSession,
    forgetShopper,
    announceSession,
    serverStorage,
    snapshot,
    storedVersion,
    language,
    getState,
    subscribe(listener) {
      let last = getState();
      return listenToParts(() => {
        const next = getState();
        if (next === last) return;
        last = next;
        listener(next);
      });
    },
    update(next) {
      const changed: MarketLiveOptions = { ...live };
      for (const key of LIVE_KEYS) if (key in next) Object.assign(changed, { [key]: next[key] });
      live = changed;
    },
    followLanguage() {
      const given = live.language ?? null;
      const changed = given !== givenLanguage.getState();
      if (changed) givenLanguage.setState(given, true);
      if (given === null) return;
      const kept = language() ?? given;
      if (storage.get(STORAGE_KEYS.language) !== kept) {
        storage.set(STORAGE_KEYS.language, kept);
        storedChanged();
      }
      if (changed) void queryClient.invalidateQueries({ queryKey: keys.all });
    },
    setLanguage(code, languages = cachedLanguages() ?? []) {
      const match = chosenLanguage(code, languages);
      if (match === null)
        throw ruleError('LANGUAGE_NOT_ACTIVE', `${code} is not an active language of this store`, {
          language: code,
        });
      if (givenLanguage.getState() !== null) {
        const handler = live.onLanguageChange;
        if (!handler)
          throw ruleError(
            'LANGUAGE_CONTROLLED',
            'The market was given `language` without `onLanguageChange`: switch the language where it comes from',
            { language: match },
          );
        handler(match);
        return match;
      }
      storage.set(STORAGE_KEYS.language, match);
      storage.set(STORAGE_KEYS.direction, directionOf(match, [...languages]));
      storedChanged();
      // Names and texts come back in the new language.
      void queryClient.invalidateQueries({ queryKey: keys.all });
      return match;
    },
    savePincode(pincode, addressId = null) {
      if (!isSavablePincode(pincode))
        throw ruleError('INVALID_PINCODE', 'A pincode is 4 to 10 digits', { pincode });
      const saved = state.pincode.getState();
      if (saved?.pincode === pincode && saved.addressId === addressId) return;
      state.pincode.setState({ pincode, addressId }, true);
      // Prices and availability depend on the pincode; the same one again changes nothing.
      void queryClient.invalidateQueries({ queryKey: keys.all });
    },
    clearPincode: () => state.pincode.setState(null, true),
    setBuyNow: (productId, quantity = 1, slotId = null) =>
      state.buyNow.setState({ productId, quantity: toCartQuantity(quantity) ?? 1, slotId }, true),
    clearBuyNow: () => state.buyNow.setState(null, true),
    selectSlot: (productId, slotId) =>
      state.dispatchSlots({ type: 'select', slot: { id: slotId, product: productId } }),
    removeSlotById: (slotId) => state.dispatchSlots({ type: 'removeById', id: slotId }),
    removeSlotByProduct: (productId) => state.dispatchSlots({ type: 'removeByProduct', product: productId }),
    cart: (signedIn = getState().signedIn) => cartBackend(market, signedIn),
    mergeIfDue,
    start() {
      const stopWatching = tokens.subscribe(followTokens);
      // What changed between the market's creation and now.
      followTokens();
      // After the change has been taken in by whoever made it (a sign-in finishing its own work).
      const stopMerging = listenToParts(() => queueMicrotask(mergeIfDue));
      mergeIfDue();
      if (typeof window === 'undefined')
        return () => {
          stopWatching();
          stopMerging();
        };
      // Another tab signed in or out: the token store re-reads its cookies when the tab is back in view
      // (or at once, where the browser reports cookie changes), and on the other tab's signal.
      const sync = () => void tokens.sync?.();
      const onStorage = (event: StorageEvent) => {
        if (event.key === SESSION_SIGNAL_KEY) void followOtherTab();
        else {
          // The stored client state another tab wrote.
          if (event.key === null) state.reload();
          else state.reload(event.key);
          storedChanged();
        }
      };
      window.addEventListener('focus', sync);
      window.addEventListener('storage', onStorage);
      return () => {
        stopWatching();
        stopMerging();
        window.removeEventListener('focus', sync);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
  adoptSnapshot(market);
  return market;
}

/**
 * A value the server took from a cookie or the path and the browser does not hold (its storage was
 * cleared, or the cookie came first) is kept, before anything renders or asks; what the browser holds
 * wins (it shows after hydration).
 */
function adoptSnapshot(market: MarketContextValue) {
  const { snapshot, state } = market;
  if (!snapshot || onServer()) return;
  if (state.storage.get(STORAGE_KEYS.language) === null) {
    state.storage.set(STORAGE_KEYS.language, snapshot.language);
    state.storage.set(STORAGE_KEYS.direction, snapshot.direction);
    market.storedVersion.setState((current) => ({ version: current.version + 1 }));
  }
  if (snapshot.pincode && state.pincode.getState() === null)
    state.pincode.setState({ pincode: snapshot.pincode, addressId: null }, true);
}
