// The shapes the provider and the modules it is made of share (types only): here, not in provider.tsx,
// so that the merge, the cart read and the cart backends need not import the provider that imports them.
import type { MarketApiError, MarketClient } from '@marketkit/sdk';
import type { QueryClient } from '@tanstack/query-core';
import type { StoreApi } from 'zustand/vanilla';
import type { Direction, GuestCartMergeStatus, PathnameRule } from '../core/index.ts';
import type { MarketKeys } from '../keys/index.ts';
import type { ClientState } from './client-state.ts';
import type { SafeStorage } from './storage.ts';

/**
 * The session as the hooks read it, for React's `useSyncExternalStore`: the access token the session
 * shows, read from the token store (the session's one home) whenever it says it changed.
 */
export interface SessionSource {
  subscribe(listener: () => void): () => void;
  /** The access token shown now (see `shownAccessToken`), or null for a guest. */
  accessToken(): string | null;
  /** The one a server-rendered page was rendered with, while it hydrates. */
  serverAccessToken(): string | null;
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
  /** The writing direction of that language. */
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

/**
 * Where the app says something the hooks would do by itself must not happen. Each rule is asked with
 * the current pathname (`MarketProviderProps.pathname`); the hooks know no route of any app, so without
 * a rule nothing is blocked anywhere. `onRoutes([...])` from `@marketkit/hooks/core` makes one from
 * route paths.
 */
export interface PageRules {
  /**
   * Where the guest-cart merge does not start by itself, e.g. sign-in and sign-up pages that a
   * signed-in shopper leaves at once (the page they return to merges). Default: it starts wherever a
   * signed-in shopper with a guest cart lands, the cart page included.
   */
  mergeBlockedOn?: PathnameRule;
  /**
   * Where a merge does not add the buy-now item saved before sign-in, e.g. checkout, payment and
   * product pages, where the shopper buys that item on its own. Default: added on every page.
   */
  buyNowBlockedOn?: PathnameRule;
  /**
   * Where a 401 is the answer itself and no token refresh is tried, e.g. a sign-in page, where it means
   * wrong credentials. Default: a 401 tries a refresh on every page.
   */
  refreshBlockedOn?: PathnameRule;
}

/**
 * Everything the hooks of one `MarketProvider` share (`useMarket()`): the SDK client, the query client,
 * the client state and the session. For hooks of your own; the fields may grow.
 */
export interface MarketContextValue {
  /** The SDK client every hook calls through (its `tokens` is the session's one home). */
  client: MarketClient;
  /** The provider's TanStack Query client. */
  queryClient: QueryClient;
  /** The client state kept in storage (guest cart, slots, buy-now, pincode, merge journal, recently viewed). */
  state: ClientState;
  /** The session as the hooks read it (see `SessionSource`); `useSession()` is the way for components. */
  session: SessionSource;
  /** The store name. */
  store: string;
  /** The store's id when known ahead of validation (configuration), else null. */
  storeId: number | null;
  /** The query keys of this store (`marketKeys(store)`). */
  keys: MarketKeys;
  /** The current route, which the app's page rules (`pageRules`) are asked about. */
  pathname: () => string;
  /** The app's page rules, from the latest props (see `PageRules`). */
  pageRules: () => PageRules;
  /**
   * The language the provider was given (`MarketProviderProps.language`), null when the hooks keep the
   * language themselves (the stored `ln`).
   */
  givenLanguage: StoreApi<string | null>;
  /**
   * Where a language chosen through the hooks goes when the app gave the language
   * (`MarketProviderProps.onLanguageChange`, read from the latest props); undefined without one.
   */
  languageHandler: () => ((language: string) => void) | undefined;
  /** The provider's one guest-cart merge (`useGuestCartMerge()` reads and runs it). */
  guestCartMerge: GuestCartMerge;
  /**
   * Forgets every trace of the session: tokens, per-user storage and the query cache. Other tabs of
   * the store follow (pass `{ broadcast: false }` when following another tab).
   */
  endSession: (options?: { broadcast?: boolean }) => void;
  /** Forgets the shopper's own data (stored keys, merge, buy-now, cached answers) but not the tokens. */
  forgetShopper: () => void;
  /** Tells the store's other tabs that the session changed (they re-read the token cookies). */
  announceSession: () => void;
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

/** Where a provider's guest-cart merge stands: what every `useGuestCartMerge()` of it reads. */
export interface GuestCartMergeState {
  /** `idle` (not run in this session), `merging`, `done` or `failed`. */
  status: GuestCartMergeStatus;
  /** What the last merge that finished did (kept while a later one runs). */
  outcome: MergeOutcome | null;
  /** Why the last merge failed (`status: 'failed'`), else null. */
  error: MarketApiError | null;
}

/** A provider's one guest-cart merge: its shared state, and the run every caller joins. */
export interface GuestCartMerge {
  state: StoreApi<GuestCartMergeState>;
  /** Runs the merge, or joins the run under way. Rejects with the `MarketApiError` it failed with. */
  run(): Promise<MergeOutcome>;
  /**
   * Back to `idle` (the session ended): a run still under way no longer reports here, and the next
   * `run()` starts afresh (across tabs, and here, runs take turns under one lock: see the runner).
   */
  reset(): void;
}

/** What a guest-cart merge did. */
export interface MergeOutcome {
  /** Products now in the server cart from this device's cart (added, or their quantities summed). */
  merged: number[];
  /**
   * Products the server refused, each with the server's own message; they stay on this device
   * (`useCart().refused`) until removed.
   */
  rejected: { product: number; message: string }[];
  /** Whether the buy-now item saved before sign-in was added to the server cart. */
  buyNowAdded: boolean;
}
