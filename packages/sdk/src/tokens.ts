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
  /** The tokens held now, or `null` for a guest. Read on every request: keep it cheap. */
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
}

/** A token store that lives in memory: Node services, scripts and tests. */
export function createMemoryTokenStore(initial?: TokenGrant): TokenStore {
  let tokens: SessionTokens | null = null;
  const store: TokenStore = {
    get: () => tokens,
    set(grant) {
      tokens = {
        accessToken: grant.access_token,
        refreshToken: grant.refresh_token ?? tokens?.refreshToken ?? null,
        idToken: grant.id_token ?? tokens?.idToken ?? null,
      };
    },
    clear() {
      tokens = null;
    },
  };
  if (initial) store.set(initial);
  return store;
}

const ACCESS = 'access_token';
const REFRESH = 'refresh_token';
const ID = 'id_token';

/** The part of the Cookie Store API the cookie token store needs (`globalThis.cookieStore`). */
export interface CookieStoreLike {
  get(name: string): Promise<{ value: string } | null | undefined>;
}

export interface CookieTokenStoreOptions {
  /** Defaults to the global `document`. */
  document?: CookieJar;
  /**
   * Reads cookies without the renderer's cache, for `sync()`; defaults to `globalThis.cookieStore`.
   * Without it, `sync()` cannot see another tab's write any sooner than `document.cookie` does.
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
 */
export function createCookieTokenStore(options: CookieTokenStoreOptions = {}): TokenStore {
  const jar = options.document ?? (globalThis as { document?: CookieJar }).document;
  if (!jar) throw new TypeError('createCookieTokenStore needs options.document outside browsers');
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

  return {
    get() {
      const cookies = jar.cookie;
      const current = session(cookieIn(cookies, ACCESS), cookieIn(cookies, REFRESH), cookieIn(cookies, ID));
      if (synced !== undefined && JSON.stringify(synced) !== JSON.stringify(current)) return synced;
      synced = undefined;
      return current;
    },
    set(grant) {
      synced = undefined;
      const refreshSeconds = grant.refresh_expires_in ?? grant.expires_in;
      write(ACCESS, grant.access_token, grant.expires_in);
      if (grant.refresh_token) write(REFRESH, grant.refresh_token, refreshSeconds);
      if (grant.id_token) write(ID, grant.id_token, refreshSeconds);
    },
    clear() {
      synced = undefined;
      for (const name of [ACCESS, REFRESH, ID]) writeCookie(jar, name, '', { days: -1, secure }, now);
    },
    async sync() {
      if (!cookieStore) return;
      const [access, refresh, id] = await Promise.all(
        [ACCESS, REFRESH, ID].map(async (name) => decodeCookieValue((await cookieStore.get(name))?.value)),
      );
      synced = session(access ?? null, refresh ?? null, id ?? null);
    },
  };
}
