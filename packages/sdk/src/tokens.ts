import { type CookieJar, cookieIn, decodeCookieValue, writeCookie } from './cookies.ts';

/** The tokens a signed-in session holds. The access token may be missing when its cookie expired. */
export interface SessionTokens {
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
}

/** A token grant as the services host answers it (login, sign-up, refresh). */
export interface TokenGrant {
  access_token: string;
  refresh_token?: string | null;
  id_token?: string | null;
  /** Access-token lifetime in seconds. */
  expires_in: number;
  /** Refresh-token lifetime in seconds. */
  refresh_expires_in?: number | null;
}

/**
 * Where the session's tokens live. Injected into the client: a cookie store in browsers (shared by
 * every tab of the store), a memory store in Node or tests, or your own.
 */
export interface TokenStore {
  /**
   * The tokens held now, or `null` for a guest. Read on every request and on every render of a hook
   * that shows the session: keep it cheap, and give the same object back while nothing changed (React's
   * `useSyncExternalStore` compares what it returns by identity).
   */
  get(): SessionTokens | null;
  /** Stores a grant. A grant without `refresh_token`/`id_token` keeps the ones already held. */
  set(grant: TokenGrant): void;
  /** Forgets every token. */
  clear(): void;
  /**
   * Optional: makes `get()` reflect what other tabs wrote a moment ago. The refresh awaits it under the
   * cross-tab lock before deciding whether to refresh (browsers may serve a stale `document.cookie`).
   */
  sync?(): Promise<void>;
  /**
   * Calls `listener` after what `get()` gives has changed: by `set`, `clear` or `sync`, and by changes
   * the store can observe elsewhere (the cookie store: another tab's, through the Cookie Store API's
   * `change` events). Returns a function that stops the calls. The two stores of this package have it.
   *
   * Optional for stores of your own. Without it, `@marketkit/hooks` wraps the store it is given and so
   * sees every change made through the client and the hooks (sign-in, refresh, sign-out), but not one
   * made to your store behind their back; give your store `subscribe` if anything else writes to it.
   */
  subscribe?(listener: () => void): () => void;
}

/** The listeners of a store, told once per change of what `get()` gives. */
function changeListeners(read: () => SessionTokens | null) {
  const listeners = new Set<() => void>();
  let seen = read();
  return {
    listeners,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Tells the listeners when `get()` gives something else than when they were last told. */
    check() {
      const now = read();
      if (now === seen) return;
      seen = now;
      for (const listener of [...listeners]) listener();
    },
  };
}

const sameTokens = (a: SessionTokens | null, b: SessionTokens | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.accessToken === b.accessToken &&
    a.refreshToken === b.refreshToken &&
    a.idToken === b.idToken);

/** A token store that lives in memory: Node services, scripts and tests (one per test: nothing leaks). */
export function createMemoryTokenStore(initial?: TokenGrant): TokenStore {
  let tokens: SessionTokens | null = null;
  const changes = changeListeners(() => tokens);
  const store: TokenStore = {
    get: () => tokens,
    set(grant) {
      const next = {
        accessToken: grant.access_token,
        refreshToken: grant.refresh_token ?? tokens?.refreshToken ?? null,
        idToken: grant.id_token ?? tokens?.idToken ?? null,
      };
      if (!sameTokens(tokens, next)) tokens = next;
      changes.check();
    },
    clear() {
      tokens = null;
      changes.check();
    },
    subscribe: changes.subscribe,
  };
  if (initial) store.set(initial);
  return store;
}

const ACCESS = 'access_token';
const REFRESH = 'refresh_token';
const ID = 'id_token';

/** What a Cookie Store API `change` event carries (the names are all the store reads). */
export interface CookieChangeEventLike {
  changed?: ReadonlyArray<{ name?: string }>;
  deleted?: ReadonlyArray<{ name?: string }>;
}

/** The part of the Cookie Store API the cookie token store needs (`globalThis.cookieStore`). */
export interface CookieStoreLike {
  get(name: string): Promise<{ value: string } | null | undefined>;
  /** Its `change` events tell the store's subscribers at once when another tab signs in or out. */
  addEventListener?(type: 'change', listener: (event: CookieChangeEventLike) => void): void;
  removeEventListener?(type: 'change', listener: (event: CookieChangeEventLike) => void): void;
}

export interface CookieTokenStoreOptions {
  /** Defaults to the global `document`. */
  document?: CookieJar;
  /**
   * Reads cookies without the renderer's cache, for `sync()`; defaults to `globalThis.cookieStore`.
   * Without it, `sync()` cannot see another tab's write any sooner than `document.cookie` does, and
   * subscribers hear of another tab's sign-in or sign-out only when something calls `sync()`.
   */
  cookieStore?: CookieStoreLike | null;
  /** Adds `Secure`; defaults to true when the page is served over https. */
  secure?: boolean;
  /** Clock, for tests. */
  now?: () => number;
}

/**
 * Tokens as cookies `access_token`, `refresh_token` and `id_token`: `SameSite=Strict`, `Secure` on
 * https, lifetime in days = seconds / 86400 (access cookie from `expires_in`; refresh and id cookies
 * from `refresh_expires_in`). Every tab of the store sees the same cookies; `sync()` reads them through
 * the Cookie Store API, because another tab's write can take a moment to reach `document.cookie`.
 *
 * `subscribe` listeners are told of this store's own `set`, `clear` and `sync`, and, where the Cookie
 * Store API is there, of another tab's writes as they happen (its `change` events). Elsewhere, call
 * `sync()` when another tab may have written (the hooks do on focus and on their cross-tab signal).
 *
 * `get()` reads `document.cookie` once per synchronous run of code (one render asks for every
 * component showing the session): code of your own that writes the token cookies directly, then calls
 * `get()` before the next microtask, reads the value from before its write. `await sync()` after such a
 * write, or use `set` and `clear`.
 */
export function createCookieTokenStore(options: CookieTokenStoreOptions = {}): TokenStore {
  const document = options.document ?? (globalThis as { document?: CookieJar }).document;
  if (!document) throw new TypeError('createCookieTokenStore needs options.document outside browsers');
  const jar: CookieJar = document;
  const cookieStore =
    options.cookieStore === undefined
      ? ((globalThis as { cookieStore?: CookieStoreLike }).cookieStore ?? null)
      : options.cookieStore;
  const secure =
    options.secure ?? (globalThis as { location?: { protocol?: string } }).location?.protocol === 'https:';
  const now = options.now ?? Date.now;
  // A lifetime of 0 or less (e.g. offline sessions) means a session cookie, never "delete now".
  const write = (name: string, value: string, seconds: number | null | undefined) =>
    writeCookie(
      jar,
      name,
      value,
      { days: seconds && seconds > 0 ? seconds / 86400 : undefined, secure },
      now,
    );
  const session = (accessToken: string | null, refreshToken: string | null, idToken: string | null) =>
    accessToken || refreshToken ? { accessToken, refreshToken, idToken } : null;
  // What `sync()` read, preferred over `document.cookie` until the latter catches up.
  let synced: SessionTokens | null | undefined;
  // The object last given: given again while the cookies say the same.
  let given: SessionTokens | null = null;

  // One read of `document.cookie` per run of code: the read is slow, and one render asks for every
  // component that shows the session. The store's own writes, `sync()`, the next run and a clock a
  // second on (cookie lifetimes are counted in seconds) read afresh.
  let read: { cookies: string; at: number } | undefined;
  const cookiesNow = () => {
    const at = now();
    if (read === undefined || at - read.at >= 1000 || at < read.at) {
      const fresh = { cookies: jar.cookie, at };
      read = fresh;
      queueMicrotask(() => {
        if (read === fresh) read = undefined;
      });
    }
    return read.cookies;
  };

  function get(): SessionTokens | null {
    const cookies = cookiesNow();
    let current = session(cookieIn(cookies, ACCESS), cookieIn(cookies, REFRESH), cookieIn(cookies, ID));
    if (synced !== undefined && !sameTokens(synced, current)) current = synced;
    else synced = undefined;
    if (!sameTokens(given, current)) given = current;
    return given;
  }
  const changes = changeListeners(get);

  async function sync() {
    if (cookieStore) {
      const [access, refresh, id] = await Promise.all(
        [ACCESS, REFRESH, ID].map(async (name) => decodeCookieValue((await cookieStore.get(name))?.value)),
      );
      synced = session(access ?? null, refresh ?? null, id ?? null);
    }
    read = undefined;
    changes.check();
  }

  // Another tab's write, heard while anyone listens: read through the Cookie Store API (fresher than
  // `document.cookie`), then tell the listeners.
  const ours = (event: CookieChangeEventLike) =>
    [...(event.changed ?? []), ...(event.deleted ?? [])].some(
      (cookie) => cookie.name === ACCESS || cookie.name === REFRESH || cookie.name === ID,
    );
  const onCookieChange = (event: CookieChangeEventLike) => {
    if (ours(event)) void sync().catch(() => changes.check());
  };

  return {
    get,
    set(grant) {
      synced = undefined;
      read = undefined;
      const refreshSeconds = grant.refresh_expires_in ?? grant.expires_in;
      write(ACCESS, grant.access_token, grant.expires_in);
      if (grant.refresh_token) write(REFRESH, grant.refresh_token, refreshSeconds);
      if (grant.id_token) write(ID, grant.id_token, refreshSeconds);
      changes.check();
    },
    clear() {
      synced = undefined;
      read = undefined;
      for (const name of [ACCESS, REFRESH, ID]) writeCookie(jar, name, '', { days: -1, secure }, now);
      changes.check();
    },
    sync,
    subscribe(listener) {
      if (changes.listeners.size === 0) cookieStore?.addEventListener?.('change', onCookieChange);
      const stop = changes.subscribe(listener);
      return () => {
        stop();
        if (changes.listeners.size === 0) cookieStore?.removeEventListener?.('change', onCookieChange);
      };
    },
  };
}
