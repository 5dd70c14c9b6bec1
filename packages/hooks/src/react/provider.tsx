import {
  createCookieTokenStore,
  createMarketClient,
  createMemoryTokenStore,
  type MarketClient,
  type ReplayFailedEvent,
  type SessionEndReason,
  type TokenStore,
} from '@marketkit/sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  activePincode,
  type Direction,
  refetchesStoreStatus,
  refreshesOn401,
  retryDelay,
  sessionFromToken,
  shouldRetry,
  unsignedToken,
  writePersisted,
} from '../core/index.ts';
import { type PrefetchedStore, storeCalls } from '../prefetch/index.ts';
import { type ClientState, createClientState, STORAGE_KEYS } from './client-state.ts';
import { marketKeys } from './keys.ts';
import { isShopperScoped } from './query-keys.ts';
import {
  createMemoryStorage,
  defaultStorage,
  type KeyValueStorage,
  type SafeStorage,
  safe,
} from './storage.ts';

export interface SessionStoreState {
  accessToken: string | null;
}

/**
 * What a page rendered on a server was rendered with, where the server cannot see the browser's own
 * storage: the language and pincode it took from the path or a cookie, and whether it saw a session.
 * Given to `MarketProvider` on the server and, with the same values, in the browser that hydrates the
 * page: every hook's first render then matches the server's HTML, and the browser's own state (its
 * stored guest cart, slots, recently viewed products, language, pincode and session) follows right
 * after hydration.
 */
export interface MarketSnapshot {
  /** The language the page was rendered in (a code of the store's languages). */
  language: string;
  direction: Direction;
  /** The active delivery pincode the page's lists were asked with, or null. */
  pincode: string | null;
  /** Whether the page was rendered for a signed-in shopper (the server saw an access token). */
  signedIn: boolean;
  /**
   * The session the page was rendered for, as `unsignedToken(accessToken)` (claims, no signature: never
   * usable as a bearer token). With it, the hydrating render shows that session even when the cookie
   * changed in between (another tab signed out, or refreshed the token); the change follows at once.
   * Without it, the browser's own token stands in for it.
   */
  session?: string | null;
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

export interface MarketContextValue {
  client: MarketClient;
  queryClient: QueryClient;
  state: ClientState;
  session: StoreApi<SessionStoreState>;
  store: string;
  /** The store's id when known ahead of validation (configuration), else null. */
  storeId: number | null;
  keys: ReturnType<typeof marketKeys>;
  /** The current route (rules such as "no merge on /cart" depend on it). */
  pathname: () => string;
  /**
   * Forgets every trace of the session: tokens, per-user storage and the query cache. Other tabs of
   * the store follow (pass `{ broadcast: false }` when following another tab).
   */
  endSession: (options?: { broadcast?: boolean }) => void;
  /** Forgets the shopper's own data (stored keys, merge, buy-now, cached answers) but not the tokens. */
  forgetShopper: () => void;
  /** Tells the store's other tabs that the session changed (they re-read the token cookies). */
  announceSession: () => void;
  /** Per-provider bookkeeping of work that must not run twice at once (merge). */
  inFlight: Map<string, Promise<unknown>>;
  /**
   * The stored values a server-rendered page was rendered with (`snapshot`), for the hydrating
   * render; the live `state.storage` otherwise.
   */
  serverStorage: SafeStorage;
  /** The snapshot the provider was given, if any. */
  snapshot: MarketSnapshot | null;
  /** Moves whenever a stored value read while rendering (`ln`, `direction`…) was written. */
  storedVersion: StoreApi<{ version: number }>;
}

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

export interface MarketProviderProps {
  /** Base URL of the services host, e.g. `http://localhost:4010`. */
  servicesHost: string;
  /** Store name (the guest realm is `{store}-customer`). */
  store: string;
  /**
   * The store's id if the app already knows it (runtime configuration): store settings then load
   * alongside store validation. Otherwise the id remembered from the last visit is used the same way.
   */
  storeId?: number;
  /** Token storage (default: cookies in a browser, memory elsewhere). */
  tokens?: TokenStore;
  /** Key-value storage for client state (default: `localStorage` when usable, else memory). */
  storage?: KeyValueStorage;
  /** Bring your own QueryClient; by default one is created with the spec's retry and cache rules. */
  queryClient?: QueryClient;
  /** Custom `fetch` for the SDK (tests, proxies). */
  fetch?: (request: Request) => Promise<Response>;
  /** The current pathname (default: `location.pathname`). */
  pathname?: () => string;
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

function createMarketContext(
  props: MarketProviderProps,
  latest: { current: MarketProviderProps },
): MarketContextValue {
  const server = onServer();
  const snapshot = props.snapshot ?? null;
  const seeded = snapshot ? snapshotStorage(snapshot) : null;
  // A server reads no browser storage: what the page is rendered with comes in the snapshot.
  const storage = safe(
    props.storage ?? (server ? (seeded ?? createMemoryStorage()) : defaultStorage()),
    props.onStorageError,
  );
  const serverStorage = seeded && !server ? safe(seeded) : storage;
  const tokens = props.tokens ?? (server ? createMemoryTokenStore() : createCookieTokenStore());
  const initialToken = tokens.get()?.accessToken ?? null;
  // In the browser, the hydrating render shows what the server rendered: the session only when the
  // server saw one (a cross-site navigation sends no SameSite=Strict cookie), stored state empty.
  const state = createClientState(storage, serverStorage === storage ? undefined : serverStorage);
  const queryClient = props.queryClient ?? createMarketQueryClient();
  // Read through the latest props: a router's pathname changes between renders.
  const pathname = () =>
    latest.current.pathname?.() ?? (typeof location === 'undefined' ? '/' : location.pathname);
  const sessionStore = createStore<SessionStoreState>()(() => ({ accessToken: initialToken }));
  const rendered = snapshot?.signedIn ? (snapshot.session ?? initialToken) : null;
  // The browser's own token when it is the one the page was rendered with.
  const renderedToken = unsignedToken(initialToken) === unsignedToken(rendered) ? initialToken : rendered;
  const session = Object.assign(
    sessionStore,
    snapshot && !server
      ? {
          // The store's own state when the server saw the same session (nothing to render again).
          getServerState: constant(
            renderedToken === initialToken ? sessionStore.getState() : { accessToken: renderedToken },
          ),
        }
      : {},
  );
  const announceSession = () => storage.set(SESSION_SIGNAL_KEY, `${Date.now()}-${Math.random()}`);
  /** The shopper's own data goes (stored keys, half-done work, cached answers); tokens stay. */
  const forgetShopper = () => {
    for (const key of SESSION_KEYS) storage.remove(key);
    // A half-done merge or a pending buy-now belongs to the session that made it.
    state.mergeJournal.setState(null, true);
    state.buyNow.setState(null, true);
    // The shopper's answers go; the store's own (validation, settings, languages…) stay, so the
    // storefront does not fall back to its loading screen when a session ends.
    queryClient.removeQueries({ predicate: (query) => isShopperScoped(query.queryKey) });
  };
  const endSession = ({ broadcast = true }: { broadcast?: boolean } = {}) => {
    tokens.clear();
    forgetShopper();
    session.setState({ accessToken: null });
    if (broadcast) announceSession();
  };
  // An access token that cannot be decoded means: clear everything (spec §4).
  if (sessionFromToken(session.getState().accessToken).status === 'clear-everything') endSession();
  const client = createMarketClient({
    servicesHost: props.servicesHost,
    store: props.store,
    tokens,
    ...(props.fetch ? { fetch: props.fetch } : {}),
    getLanguage: () => storage.get(STORAGE_KEYS.language),
    getPincode: () => activePincode(state.pincode.getState()),
    onTokensRefreshed: (grant) => session.setState({ accessToken: grant.access_token }),
    shouldRefresh: () => refreshesOn401(pathname()),
    onReplayFailed: (event) => latest.current.onReplayFailed?.(event),
    onHttpError: (event) => {
      if (refetchesStoreStatus(event))
        // A burst of errors re-checks once: a check already under way is not restarted.
        void queryClient.invalidateQueries(
          { queryKey: marketKeys(props.store).storeValidation() },
          { cancelRefetch: false },
        );
    },
    onSessionEnded: (reason) => {
      endSession();
      latest.current.onSessionEnded?.(reason);
    },
  });
  if (props.prefetched && props.prefetched.store === props.store)
    seedPrefetched(queryClient, client, props.prefetched);
  return {
    client,
    queryClient,
    state,
    session,
    store: props.store,
    storeId: props.storeId ?? null,
    keys: marketKeys(props.store),
    pathname,
    endSession,
    forgetShopper,
    announceSession,
    inFlight: new Map(),
    serverStorage,
    snapshot,
    storedVersion: createStore<{ version: number }>()(() => ({ version: 0 })),
  };
}

/**
 * A value the server took from a cookie or the path and the browser does not hold (its storage was
 * cleared, or the cookie came first) is kept, before anything renders or asks; what the browser holds
 * wins (it shows after hydration).
 */
function adoptSnapshot(market: MarketContextValue): MarketContextValue {
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

/** A function that always gives the same object (a server snapshot for `useSyncExternalStore`). */
const constant =
  <T,>(value: T) =>
  () =>
    value;

/**
 * Provides the SDK client, the QueryClient and the client-state stores to the hooks. Everything is
 * created once per provider: two providers (two stores) never share state or cache. `store`,
 * `servicesHost`, `tokens`, `storage` and `queryClient` are read once (give the provider a `key` to
 * switch stores); `pathname` and `onSessionEnded` are always read from the latest props.
 */
export function MarketProvider(props: MarketProviderProps) {
  const latest = useRef(props);
  latest.current = props;
  const [value] = useState(() => adoptSnapshot(createMarketContext(props, latest)));
  useEffect(() => {
    if (typeof window === 'undefined') return;
    // Keep the session in step when another tab signs in or out (the token cookie changes), and the
    // stored client state when another tab writes it.
    // Another shopper's token (a sign-in elsewhere this tab missed the end of) never shows the last
    // shopper's answers: those go first.
    const sync = () => {
      const next = value.client.tokens.get()?.accessToken ?? null;
      const before = shopperOf(value.session.getState().accessToken);
      if (before !== null && shopperOf(next) !== before) value.forgetShopper();
      value.session.setState({ accessToken: next });
    };
    // Another tab signed in or out: read the cookies afresh; no token left means this tab's session
    // ends too (without announcing it back).
    const follow = async () => {
      await value.client.tokens.sync?.();
      if (value.client.tokens.get()?.accessToken) sync();
      else if (value.session.getState().accessToken) {
        value.endSession({ broadcast: false });
        latest.current.onSessionEnded?.('ended-elsewhere');
      }
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_SIGNAL_KEY) void follow();
      else {
        if (event.key === null) value.state.reload();
        else value.state.reload(event.key);
        value.storedVersion.setState((current) => ({ version: current.version + 1 }));
      }
    };
    window.addEventListener('focus', sync);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('focus', sync);
      window.removeEventListener('storage', onStorage);
    };
  }, [value]);
  return (
    <MarketContext.Provider value={value}>
      <QueryClientProvider client={value.queryClient}>{props.children}</QueryClientProvider>
    </MarketContext.Provider>
  );
}

/** Everything the hooks share; throws outside a `MarketProvider`. */
export function useMarket(): MarketContextValue {
  const value = useContext(MarketContext);
  if (!value) throw new Error('Marketkit hooks must be used inside <MarketProvider>');
  return value;
}
