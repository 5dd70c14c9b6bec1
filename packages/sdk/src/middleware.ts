import { type CookieJar, readCookie } from './cookies.ts';
import type { TokenStore } from './tokens.ts';

/**
 * A request before it is sent. Middleware edits it in place; the transport builds a fresh `Request`
 * from it for every send, so a replay after a token refresh re-runs the chain with the new token.
 */
export interface RequestDraft {
  readonly method: string;
  url: URL;
  headers: Headers;
}

/** One step of the request chain. Steps run in array order, once per send. */
export type RequestMiddleware = (draft: RequestDraft) => void;

export interface DefaultMiddlewareOptions {
  /**
   * Base URL of the services host, e.g. `http://localhost:4010`, or a path on the page's own origin
   * (`/api`, a same-origin proxy: resolved against `origin`); steps 2–4 apply only to its origin.
   */
  servicesHost: string;
  /** Store name; guests send `realmname: {store}-customer` unless `realm` is given. */
  store: string;
  /** Realm sent by guests on /pbs/ and /ums/ paths; defaults to `{store}-customer`. */
  realm?: string;
  /** Token storage: `createCookieTokenStore()` in browsers, `createMemoryTokenStore()` in Node, or yours. */
  tokens: TokenStore;
  /** Current language code; sent as `language-code` when the call does not set one itself. */
  getLanguage?: () => string | null | undefined;
  /** Saved delivery pincode; sent as `pin-code` unless it is `allProducts` or empty. */
  getPincode?: () => string | null | undefined;
  /**
   * Origin of the page; requests to it carry `X-XSRF-TOKEN`, and a services host given as a path is
   * resolved against it. Defaults to `location.origin` (give it outside a browser).
   */
  origin?: string | null;
  /** Cookie source for `XSRF-TOKEN`; defaults to the global `document`. */
  cookies?: CookieJar | null;
}

/** The pincode value that means "no pincode filter". */
export const ALL_PRODUCTS_PINCODE = 'allProducts';

/** `Accept: application/json` unless the call asked for something else. */
export function acceptJson(): RequestMiddleware {
  return (draft) => {
    if (!draft.headers.has('Accept')) draft.headers.set('Accept', 'application/json');
  };
}

/**
 * `Authorization: Bearer …` when an access token is held; otherwise, on paths containing `/pbs/` or
 * `/ums/` only, `realmname: {store}-customer` so the services host knows the guest's store.
 */
export function authOrRealm(tokens: TokenStore, realm: string): RequestMiddleware {
  return (draft) => {
    const accessToken = tokens.get()?.accessToken;
    if (accessToken) draft.headers.set('Authorization', `Bearer ${accessToken}`);
    else if (/\/(pbs|ums)\//.test(draft.url.pathname)) draft.headers.set('realmname', realm);
  };
}

/** Adds `name=value` to the query without re-encoding the parameters already there. */
function appendQuery(url: URL, name: string, value: string): void {
  const pair = `${name}=${encodeURIComponent(value)}`;
  url.search = url.search.length > 1 ? `${url.search}&${pair}` : `?${pair}`;
}

/** `language-code` query from the current language, unless the call set it explicitly. */
export function languageCode(getLanguage: () => string | null | undefined): RequestMiddleware {
  return (draft) => {
    const language = getLanguage()?.trim();
    if (language && !draft.url.searchParams.has('language-code'))
      appendQuery(draft.url, 'language-code', language);
  };
}

/** `pin-code` query from the saved pincode; never for `allProducts`. */
export function pinCode(getPincode: () => string | null | undefined): RequestMiddleware {
  return (draft) => {
    const pincode = getPincode()?.trim();
    if (pincode && pincode !== ALL_PRODUCTS_PINCODE && !draft.url.searchParams.has('pin-code')) {
      appendQuery(draft.url, 'pin-code', pincode);
    }
  };
}

/** Runs `step` only for requests to `origin`: tokens and shopper data never leave the services host. */
export function onlyForOrigin(origin: string, step: RequestMiddleware): RequestMiddleware {
  return (draft) => {
    if (draft.url.origin === origin) step(draft);
  };
}

/** `X-XSRF-TOKEN` from cookie `XSRF-TOKEN`, on same-origin requests only (never leaks cross-origin). */
export function xsrfToken(pageOrigin: string | null, cookies: CookieJar | null): RequestMiddleware {
  // An opaque page origin ("null": sandboxed frames, file://) never matches a services host.
  const origin = pageOrigin && URL.canParse(pageOrigin) ? new URL(pageOrigin).origin : null;
  return (draft) => {
    if (!origin || !cookies || draft.url.origin !== origin) {
      draft.headers.delete('X-XSRF-TOKEN');
      return;
    }
    const token = readCookie(cookies, 'XSRF-TOKEN');
    if (token) draft.headers.set('X-XSRF-TOKEN', token);
  };
}

/**
 * The SDK's request chain, in this order (steps 2–4 only for requests to the services host):
 * 1. `Accept: application/json`
 * 2. `Authorization: Bearer` when a token is held, else `realmname` on /pbs/ and /ums/ paths
 * 3. `language-code` query
 * 4. `pin-code` query (not for `allProducts`)
 * 5. `X-XSRF-TOKEN` on requests to the page's own origin
 */
export function defaultMiddleware(options: DefaultMiddlewareOptions): RequestMiddleware[] {
  const globals = globalThis as { location?: { origin?: string }; document?: CookieJar };
  const origin = options.origin === undefined ? (globals.location?.origin ?? null) : options.origin;
  const cookies = options.cookies === undefined ? (globals.document ?? null) : options.cookies;
  const hostOrigin = new URL(options.servicesHost).origin;
  const hostOnly = (step: RequestMiddleware) => onlyForOrigin(hostOrigin, step);
  const chain: RequestMiddleware[] = [
    acceptJson(),
    hostOnly(authOrRealm(options.tokens, options.realm ?? `${options.store}-customer`)),
  ];
  if (options.getLanguage) chain.push(hostOnly(languageCode(options.getLanguage)));
  if (options.getPincode) chain.push(hostOnly(pinCode(options.getPincode)));
  chain.push(xsrfToken(origin, cookies));
  return chain;
}
