import createClient, { type Client } from 'openapi-fetch';
import { isServicesPath, resolveAssetUrl } from './asset-url.ts';
import type { paths } from './generated/openapi.ts';
import { type DefaultMiddlewareOptions, defaultMiddleware, type RequestMiddleware } from './middleware.ts';
import {
  type BroadcastChannelLike,
  createRefreshCoordinator,
  type LockManagerLike,
  type RefreshOutcome,
  type SessionEndReason,
} from './refresh.ts';
import type { TokenGrant, TokenStore } from './tokens.ts';
import { CallRequest, createTransport, type HttpErrorEvent, type ReplayFailedEvent } from './transport.ts';

/**
 * Options of `createMarketClient`: the middleware options (services host, store, realm, tokens,
 * language, pincode, page origin and cookies) plus transport and session settings.
 */
export interface MarketClientOptions extends DefaultMiddlewareOptions {
  /** `fetch` to use; defaults to the global one. */
  fetch?: (request: Request) => Promise<Response>;
  /** Cross-tab lock for refreshes; defaults to `navigator.locks`; `null` turns it off. */
  locks?: LockManagerLike | null;
  /**
   * Where a refreshed grant is shared with the store's other tabs the moment it is stored; defaults to
   * a `BroadcastChannel` when the lock is the browser's own; `null` turns it off.
   */
  refreshChannel?: BroadcastChannelLike | null;
  /** Bound on waiting for the refresh lock and on the refresh call. Default 10 000 ms. */
  refreshTimeoutMs?: number;
  /**
   * Time limit of every call, from sending to the last byte of the answer (a call replayed after a
   * refresh gets it again; the refresh has its own). Past it the call is aborted and fails with a
   * `MarketApiError` of kind `timeout` (status 0). Default 15 000 ms; `0` turns it off.
   */
  timeoutMs?: number;
  /**
   * Return false to leave a 401 alone (the storefront does so on /signin). Default: always refresh.
   * Asked when a 401 arrives (not when the call starts), with a `Request` of the call's URL, method
   * and headers (no body, no signal).
   */
  shouldRefresh?: (request: Request) => boolean;
  /** Extra request steps, run after the built-in chain on every send. */
  middleware?: readonly RequestMiddleware[];
  /**
   * The session is over (guest 401, refresh refused, signed out in another tab): tokens are already
   * cleared. Fires once per change from "has a session" to "has none".
   */
  onSessionEnded?: (reason: SessionEndReason) => void;
  /** A request replayed after a successful refresh failed again (the storefront reloads the page). */
  onReplayFailed?: (event: ReplayFailedEvent) => void;
  /** Every HTTP error of 400 or above except a 401 the SDK handled. */
  onHttpError?: (event: HttpErrorEvent) => void;
  /** New tokens were stored after a refresh. */
  onTokensRefreshed?: (grant: TokenGrant) => void;
}

/**
 * A typed client of the services host: openapi-fetch's `GET`/`POST`/… plus a few helpers. Extra
 * request steps are given as the `middleware` option (openapi-fetch's `use`/`eject` throw).
 */
export interface MarketClient extends Omit<Client<paths>, 'use' | 'eject'> {
  readonly servicesHost: string;
  readonly store: string;
  readonly realm: string;
  readonly tokens: TokenStore;
  /** Asset path from the server → URL on the services host; `null` for empty or unsafe values. */
  assetUrl(path: string | null | undefined): string | null;
  /**
   * Renews the session's tokens now, so that what the server puts in them is read afresh (after a
   * profile change, the shopper's name). It goes through the same refresh a 401 starts: one at a time,
   * across tabs, shared with a refresh already under way; `onTokensRefreshed` fires with the grant.
   * Resolves `refreshed`; `rejected` when there is no session or the refresh token was refused (the
   * session then ends, as after a 401); `unavailable` when the token service could not be reached (the
   * session is kept). Never rejects.
   */
  refreshSession(): Promise<RefreshOutcome>;
}

const noop = () => {};

/** Default time limit of a call (`timeoutMs`). */
const DEFAULT_TIMEOUT_MS = 15_000;

/** A services host given as a path where no page origin is known: every call fails, saying why. */
const UNRESOLVED_HOST = 'http://unresolved.invalid';

/**
 * The services host as an absolute URL: an http(s) URL as given, or a path (`/api`) on the page's
 * origin (`origin`, else `location.origin`). Anything else is refused now rather than failing every
 * call later (`localhost:4010` has no scheme).
 */
function absoluteServicesHost(servicesHost: string, origin: string | null | undefined): string {
  if (isServicesPath(servicesHost)) {
    const page =
      origin === undefined ? (globalThis as { location?: { origin?: string } }).location?.origin : origin;
    if (!page || !URL.canParse(page)) return UNRESOLVED_HOST;
    return new URL(servicesHost, page).href.replace(/\/+$/, '');
  }
  let url: URL | null = null;
  try {
    url = new URL(servicesHost);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new TypeError(
      `servicesHost must be an http(s) URL or a path such as /api, not ${JSON.stringify(servicesHost)}`,
    );
  return servicesHost;
}

/** openapi-fetch's own middleware would see CallRequests, not Requests: steps go in `middleware`. */
function refuseOpenapiMiddleware(): never {
  throw new Error('MarketClient: give extra request steps as the `middleware` option of createMarketClient.');
}

/** Creates a typed client with the documented middleware chain and single-flight 401 refresh. */
export function createMarketClient(options: MarketClientOptions): MarketClient {
  const trimmed = options.servicesHost.trim();
  const given = trimmed === '/' ? trimmed : trimmed.replace(/\/+$/, '');
  const servicesHost = absoluteServicesHost(given, options.origin);
  const basePath = new URL(servicesHost).pathname.replace(/\/+$/, '');
  const realm = options.realm ?? `${options.store}-customer`;
  const unresolved = servicesHost === UNRESOLVED_HOST;
  const baseFetch = unresolved
    ? () =>
        Promise.reject(new TypeError(`servicesHost ${given} is a path: give \`origin\` outside a browser`))
    : (options.fetch ?? ((request: Request) => globalThis.fetch(request)));
  const { tokens } = options;
  const timeoutMs = options.refreshTimeoutMs ?? 10_000;
  const callTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(callTimeoutMs) || callTimeoutMs < 0)
    throw new TypeError(`timeoutMs must be a number of milliseconds ≥ 0 (0: no limit), got ${callTimeoutMs}`);

  const refresh = createRefreshCoordinator({
    tokens,
    realm,
    locks: options.locks,
    ...(options.refreshChannel !== undefined ? { channel: options.refreshChannel } : {}),
    lockName: `marketkit-refresh:${servicesHost}:${options.store}`,
    timeoutMs,
    onTokensRefreshed: options.onTokensRefreshed,
    requestRefresh: (body, signal) =>
      baseFetch(
        new Request(`${servicesHost}/ums/rest/v3/refresh-token`, {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json', realmname: realm },
          body: JSON.stringify(body),
          signal,
        }),
      ),
  });

  const transport = createTransport({
    fetch: baseFetch,
    ...(options.fetch || unresolved
      ? {}
      : { fetchUrl: (url: URL, init: RequestInit) => globalThis.fetch(url, init) }),
    basePath,
    tokens,
    refresh,
    middleware: [...defaultMiddleware({ ...options, servicesHost, realm }), ...(options.middleware ?? [])],
    shouldRefresh: options.shouldRefresh ?? (() => true),
    onSessionEnded: options.onSessionEnded ?? noop,
    onReplayFailed: options.onReplayFailed ?? noop,
    onHttpError: options.onHttpError ?? noop,
    timeoutMs: callTimeoutMs,
  });

  const client = createClient<paths>({
    baseUrl: servicesHost,
    // Each call builds a light CallRequest instead of a platform Request; the transport sends it.
    Request: CallRequest as unknown as typeof Request,
    fetch: transport as unknown as (request: Request) => Promise<Response>,
  });
  return Object.assign(client, {
    use: refuseOpenapiMiddleware,
    eject: refuseOpenapiMiddleware,
    servicesHost,
    store: options.store,
    realm,
    tokens,
    // A path host keeps asset URLs as paths: the same on a server rendering the page and in the browser.
    assetUrl: (path: string | null | undefined) => resolveAssetUrl(given, path),
    refreshSession: () => transport.refreshSession(),
  });
}
