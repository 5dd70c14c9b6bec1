import {
  createCookieTokenStore,
  createMarketClient,
  createMemoryTokenStore,
  type MarketClient,
  type ReplayFailedEvent,
  ruleError,
  type SessionEndReason,
  type TokenStore,
} from '@marketkit/sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createStore } from 'zustand/vanilla';
import {
  activePincode,
  hasGuestCartToMerge,
  refetchesStoreStatus,
  refreshesOn401,
  resolveLanguage,
  retryDelay,
  sessionFromToken,
  shouldRetry,
  shouldStartGuestCartMerge,
  shownAccessToken,
  unsignedToken,
  writePersisted,
} from '../core/index.ts';
import { isShopperScoped, marketKeys, STORAGE_KEYS } from '../keys/index.ts';
import { type PrefetchedStore, storeCalls } from '../prefetch/index.ts';
import { createClientState } from './client-state.ts';
import { createGuestCartMerge } from './guest-cart-merge.ts';
import type { MarketContextValue, MarketSnapshot, PageRules, SessionSource } from './market.ts';
import { createMemoryStorage, defaultStorage, type KeyValueStorage, safe } from './storage.ts';
import { useStoreValue } from './use-store-sync.ts';

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

export type { MarketContextValue, MarketSnapshot, PageRules, SessionSource } from './market.ts';

const MarketContext = createContext<MarketContextValue | null>(null);

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

/** Props of `MarketProvider`. */
export interface MarketProviderProps extends PageRules {
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
  /** The current pathname (default: `location.pathname`). */
  pathname?: () => string;
  /**
   * The shopper's language as the app holds it, for an app whose texts come from elsewhere (i18next:
   * `i18n.language`). The hooks and every call then use it (matched to the store's languages: `en-US`
   * is `en_US`), and changing it asks again for the answers that depend on the language. The stored
   * `ln` follows it, for the early calls of the next visit. Without it the hooks keep the language
   * themselves: the stored `ln`, else the store's default (spec §4).
   */
  language?: string;
  /**
   * With `language`: receives a language chosen through the hooks, for the app to switch to
   * (i18next: `i18n.changeLanguage`), after which `language` follows. It is called with the store's
   * code by `useLanguage().setLanguage(code)`, and with the store's default when the given language is
   * not active in the store (where the hooks alone would reload the page).
   */
  onLanguageChange?: (language: string) => void;
  /**
   * The guest-cart merge: `automatic` (default) starts it once a shopper with a guest cart is signed in,
   * on any page `mergeBlockedOn` does not block; `manual` leaves it to the app's
   * `useGuestCartMerge().merge()`. Either way every `useGuestCartMerge()` reads the same one.
   */
  guestCartMerge?: 'automatic' | 'manual';
  /**
   * A request replayed after a successful token refresh failed again. Spec §4: the storefront reloads
   * the page; the default does nothing.
   */
  onReplayFailed?: (event: ReplayFailedEvent) => void;
  /**
   * Store calls started early with `prefetchStore` from `@marketkit/hooks/prefetch` (for example by a
   * small script that runs while the app's JavaScript loads): used instead of asking again.
   */
  prefetched?: PrefetchedStore;
  /**
   * On a page rendered on a server: what it was rendered with, the same object on the server and in
   * the browser (see `MarketSnapshot`). On the server the provider then reads no storage and no
   * cookie; in the browser the first render matches the server's and the browser's own state follows.
   */
  snapshot?: MarketSnapshot;
  /** Called when the session ends without the shopper asking (refresh refused, signed out elsewhere). */
  onSessionEnded?: (reason: SessionEndReason) => void;
  /** Reported when a stored value could not be read or written (corrupt JSON, full quota). */
  onStorageError?: (error: unknown, key: string) => void;
  /** The app. */
  children: ReactNode;
}

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

/** The provider's own bookkeeping besides what the hooks share. */
interface ProviderInternals {
  /** Follows the token store (forgets a shopper that left); returns a function that stops it. */
  watchSession(): () => void;
  /**
   * Another tab of the store said its session changed: re-read the tokens; a session of this tab that
   * ended there ends here too, reported as `ended-elsewhere`.
   */
  followOtherTab(): Promise<void>;
  /** The language calls are made in now (see `MarketProviderProps.language`). */
  language(): string | null;
}

function createMarketContext(
  props: MarketProviderProps,
  latest: { current: MarketProviderProps },
): MarketContextValue & ProviderInternals {
  const server = onServer();
  const snapshot = props.snapshot ?? null;
  const seeded = snapshot ? snapshotStorage(snapshot) : null;
  // A server reads no browser storage: what the page is rendered with comes in the snapshot.
  const storage = safe(
    props.storage ?? (server ? (seeded ?? createMemoryStorage()) : defaultStorage()),
    props.onStorageError,
  );
  const serverStorage = seeded && !server ? safe(seeded) : storage;
  const tokens = observable(props.tokens ?? (server ? createMemoryTokenStore() : createCookieTokenStore()));
  // In the browser, the hydrating render shows what the server rendered: the session only when the
  // server saw one (a cross-site navigation sends no SameSite=Strict cookie), stored state empty.
  const state = createClientState(storage, serverStorage === storage ? undefined : serverStorage);
  const queryClient = props.queryClient ?? createMarketQueryClient();
  const keys = marketKeys(props.store);
  // Read through the latest props: a router's pathname changes between renders.
  const pathname = () =>
    latest.current.pathname?.() ?? (typeof location === 'undefined' ? '/' : location.pathname);

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

  const givenLanguage = createStore<string | null>()(() => props.language ?? null);
  /** The language every call is made in: the app's (as the store spells it), else the stored one. */
  const language = () => {
    const given = latest.current.language;
    if (given === undefined) return storage.get(STORAGE_KEYS.language);
    const list = queryClient.getQueryData<{ data: Parameters<typeof resolveLanguage>[1] }>(
      keys.languages(),
    )?.data;
    return list ? resolveLanguage(given, list).language : given;
  };

  const announceSession = () => storage.set(SESSION_SIGNAL_KEY, `${Date.now()}-${Math.random()}`);
  let market: MarketContextValue & ProviderInternals;
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
  // An access token that cannot be decoded means: clear everything (spec §4).
  if (sessionFromToken(initialToken).status === 'clear-everything') endSession();
  const client = createMarketClient({
    servicesHost: props.servicesHost,
    store: props.store,
    tokens,
    ...(props.fetch ? { fetch: props.fetch } : {}),
    getLanguage: language,
    getPincode: () => activePincode(state.pincode.getState()),
    shouldRefresh: () => refreshesOn401(pathname(), latest.current.refreshBlockedOn),
    onReplayFailed: (event) => latest.current.onReplayFailed?.(event),
    onHttpError: (event) => {
      if (refetchesStoreStatus(event))
        // A burst of errors re-checks once: a check already under way is not restarted.
        void queryClient.invalidateQueries({ queryKey: keys.storeValidation() }, { cancelRefetch: false });
    },
    onSessionEnded: (reason) => {
      endSession();
      latest.current.onSessionEnded?.(reason);
    },
  });
  if (props.prefetched && props.prefetched.store === props.store)
    seedPrefetched(queryClient, client, props.prefetched);
  market = {
    client,
    queryClient,
    state,
    session,
    store: props.store,
    storeId: props.storeId ?? null,
    keys,
    pathname,
    pageRules: () => latest.current,
    givenLanguage,
    languageHandler: () => latest.current.onLanguageChange,
    guestCartMerge,
    endSession,
    forgetShopper,
    announceSession,
    serverStorage,
    snapshot,
    storedVersion: createStore<{ version: number }>()(() => ({ version: 0 })),
    language,
    watchSession() {
      const stop = tokens.subscribe(followTokens);
      // What changed between the provider's creation and now.
      followTokens();
      return stop;
    },
    async followOtherTab() {
      const hadSession = shopper !== null || endedUnasked;
      await tokens.sync?.();
      followTokens();
      if (accessToken() !== null || !hadSession) return;
      endSession({ broadcast: false });
      latest.current.onSessionEnded?.('ended-elsewhere');
    },
  };
  return market;
}

/**
 * A value the server took from a cookie or the path and the browser does not hold (its storage was
 * cleared, or the cookie came first) is kept, before anything renders or asks; what the browser holds
 * wins (it shows after hydration).
 */
function adoptSnapshot<T extends MarketContextValue>(market: T): T {
  const { snapshot, state } = market;
  if (!snapshot || onServer()) return market;
  if (state.storage.get(STORAGE_KEYS.language) === null) {
    state.storage.set(STORAGE_KEYS.language, snapshot.language);
    state.storage.set(STORAGE_KEYS.direction, snapshot.direction);
    market.storedVersion.setState((current) => ({ version: current.version + 1 }));
  }
  if (snapshot.pincode && state.pincode.getState() === null)
    state.pincode.setState({ pincode: snapshot.pincode, addressId: null }, true);
  return market;
}

/** `useLayoutEffect` in a browser; nothing to lay out on a server. */
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The language prop followed: the hooks re-read it, the stored `ln` keeps it for the next visit's early
 * calls, and answers asked in the last one are asked again.
 */
function useGivenLanguage(market: MarketContextValue & ProviderInternals, language: string | undefined) {
  useBrowserLayoutEffect(() => {
    const given = language ?? null;
    const changed = given !== market.givenLanguage.getState();
    if (changed) market.givenLanguage.setState(given, true);
    if (given === null) return;
    const kept = market.language() ?? given;
    if (market.state.storage.get(STORAGE_KEYS.language) !== kept) {
      market.state.storage.set(STORAGE_KEYS.language, kept);
      market.storedVersion.setState((current) => ({ version: current.version + 1 }));
    }
    if (changed) void market.queryClient.invalidateQueries({ queryKey: market.keys.all });
  }, [market, language]);
}

/**
 * The access token the session shows, read from the provider's token store (the session's one home)
 * with `useSyncExternalStore`: every component follows a change at once; a server-rendered page
 * hydrates with the session it was rendered for.
 */
export function useAccessToken(market: MarketContextValue): string | null {
  return useSyncExternalStore(
    market.session.subscribe,
    market.session.accessToken,
    market.session.serverAccessToken,
  );
}

/**
 * Starts the provider's guest-cart merge by itself (see `shouldStartGuestCartMerge`): rendered inside
 * the provider, it reads the session, the stored cart and the route as they change.
 */
function GuestCartMergeStarter({ market, automatic }: { market: MarketContextValue; automatic: boolean }) {
  const token = useAccessToken(market);
  const { status } = useStoreValue(market.guestCartMerge.state);
  const guestCart = useStoreValue(market.state.guestCart);
  const journal = useStoreValue(market.state.mergeJournal);
  const buyNow = useStoreValue(market.state.buyNow);
  const start =
    automatic &&
    shouldStartGuestCartMerge({
      signedIn: sessionFromToken(token).status === 'signed-in',
      pathname: market.pathname(),
      blockedOn: market.pageRules().mergeBlockedOn,
      status,
      pending: hasGuestCartToMerge(guestCart.items, journal, buyNow),
    });
  useEffect(() => {
    // A failure is in the shared state (`useGuestCartMerge().error`).
    if (start) market.guestCartMerge.run().catch(() => undefined);
  }, [start, market]);
  return null;
}

/**
 * Provides the SDK client, the QueryClient and the client-state stores to the hooks. Everything is
 * created once per provider: two providers (two stores) never share state or cache. `store`,
 * `servicesHost`, `tokens`, `storage` and `queryClient` are read once (give the provider a `key` to
 * switch stores); `language`, `pathname`, `guestCartMerge`, the page rules and the callbacks are always read from the
 * latest props.
 *
 * In tests, give each test its own stores so nothing leaks between tests:
 * `<MarketProvider tokens={createMemoryTokenStore()} storage={createMemoryStorage()} …>`.
 */
export function MarketProvider(props: MarketProviderProps) {
  const latest = useRef(props);
  latest.current = props;
  const [value] = useState(() => adoptSnapshot(createMarketContext(props, latest)));
  useGivenLanguage(value, props.language);
  useEffect(() => {
    const stopWatching = value.watchSession();
    if (typeof window === 'undefined') return stopWatching;
    // Another tab signed in or out: the token store re-reads its cookies when the tab is back in view
    // (or at once, where the browser reports cookie changes), and on the other tab's signal.
    const sync = () => void value.client.tokens.sync?.();
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_SIGNAL_KEY) void value.followOtherTab();
      else {
        // The stored client state another tab wrote.
        if (event.key === null) value.state.reload();
        else value.state.reload(event.key);
        value.storedVersion.setState((current) => ({ version: current.version + 1 }));
      }
    };
    window.addEventListener('focus', sync);
    window.addEventListener('storage', onStorage);
    return () => {
      stopWatching();
      window.removeEventListener('focus', sync);
      window.removeEventListener('storage', onStorage);
    };
  }, [value]);
  return (
    <MarketContext.Provider value={value}>
      <QueryClientProvider client={value.queryClient}>
        {props.children}
        <GuestCartMergeStarter market={value} automatic={props.guestCartMerge !== 'manual'} />
      </QueryClientProvider>
    </MarketContext.Provider>
  );
}

/** Everything the hooks share; throws a `MarketApiError` (`PROVIDER_MISSING`) outside a `MarketProvider`. */
export function useMarket(): MarketContextValue {
  const value = useContext(MarketContext);
  if (!value) throw ruleError('PROVIDER_MISSING', 'Marketkit hooks must be used inside <MarketProvider>');
  return value;
}
