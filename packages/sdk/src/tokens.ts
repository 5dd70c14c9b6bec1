import { type CookieJar, readCookie, writeCookie } from './cookies.ts';

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

export interface CookieTokenStoreOptions {
  /** Defaults to the global `document`. */
  document?: CookieJar;
  /** Adds `Secure`; defaults to true when the page is served over https. */
  secure?: boolean;
  /** Clock, for tests. */
  now?: () => number;
}

/**
 * Tokens as cookies `access_token`, `refresh_token` and `id_token`: `SameSite=Strict`, `Secure` on https, lifetime in days = seconds / 86400
 * (access cookie from `expires_in`; refresh and id cookies from `refresh_expires_in`). Every tab of
 * the store sees the same cookies, so a refresh in one tab is visible to the others.
 */
export function createCookieTokenStore(options: CookieTokenStoreOptions = {}): TokenStore {
  const jar = options.document ?? (globalThis as { document?: CookieJar }).document;
  if (!jar) throw new TypeError('createCookieTokenStore needs options.document outside browsers');
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

  return {
    get() {
      const tokens = {
        accessToken: readCookie(jar, ACCESS),
        refreshToken: readCookie(jar, REFRESH),
        idToken: readCookie(jar, ID),
      };
      return tokens.accessToken || tokens.refreshToken ? tokens : null;
    },
    set(grant) {
      const refreshSeconds = grant.refresh_expires_in ?? grant.expires_in;
      write(ACCESS, grant.access_token, grant.expires_in);
      if (grant.refresh_token) write(REFRESH, grant.refresh_token, refreshSeconds);
      if (grant.id_token) write(ID, grant.id_token, refreshSeconds);
    },
    clear() {
      for (const name of [ACCESS, REFRESH, ID]) writeCookie(jar, name, '', { days: -1, secure }, now);
    },
  };
}
