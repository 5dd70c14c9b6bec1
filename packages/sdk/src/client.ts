import createClient, { type Client } from 'openapi-fetch';
import { resolveAssetUrl, resolveAssetUrls } from './asset-url.ts';
import { MarketApiError, ruleError } from './errors.ts';
import type { paths } from './generated/openapi.ts';
import { type DefaultMiddlewareOptions, defaultMiddleware, type RequestMiddleware } from './middleware.ts';
import {
  type BroadcastChannelLike,
  createRefreshCoordinator,
  type LockManagerLike,
  type RefreshOutcome,
  type SessionEndReason,
} from './refresh.ts';
import { checkServicesHost, type ServicesHostForm } from './services-host.ts';
import {
  type DeviceVerificationInput,
  grantOf,
  type MarketSession,
  type SignInCredentials,
  type SignInResult,
  type SignOutResult,
  type SignUpInput,
  sessionOf,
} from './session.ts';
import type { TokenGrant, TokenStore } from './tokens.ts';
import { CallRequest, createTransport, type HttpErrorEvent, type ReplayFailedEvent } from './transport.ts';
import type { ResponseBody } from './types.ts';
import { unwrap } from './unwrap.ts';

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
  /**
   * Asset path from the server → URL on the services host; `null` for empty or unsafe values. A
   * comma-separated list (`product_image`) gives its first usable entry, never the list whole: use
   * {@link MarketClient.imageUrls} for all of them.
   */
  assetUrl(path: string | null | undefined): string | null;
  /**
   * Every usable image of an asset value as URLs on the services host, in order: `product_image` (a
   * comma-separated list, the first being the main image), a product's `images`, or one path. Blank
   * and unsafe entries (`javascript:`, `data:`, `//other.host`, control characters) are left out; `[]`
   * means "show a placeholder". URLs are absolute, except on a services host given as a path (`/api`),
   * where they stay paths on the page's origin (`/api/assets/…`).
   *
   * @example
   * const [main, ...more] = client.imageUrls(product.product_image);
   */
  imageUrls(value: string | readonly string[] | null | undefined): string[];
  /**
   * Signs in with a password (`{ username, password }`) or a one-time code (`{ otp, otp_reference }`).
   * On `login_status: SUCCESS` the grant replaces whatever `tokens` held and the session is resolved
   * (`{ status: 'signed-in', session }`); a device the account does not trust resolves
   * `{ status: 'device-verification-required', verification }` and stores nothing (finish with
   * {@link MarketClient.verifyDevice}). A failure rejects with `MarketApiError` and leaves the tokens
   * held as they were: `code` `INVALID_CREDENTIALS` (a wrong identifier or password, HTTP 401),
   * `ACCOUNT_LOCKED` (HTTP 423: unlock it with a one-time code), `BAD_REQUEST` with `fieldErrors` (a
   * value the server refused), `NETWORK_ERROR`, or `MALFORMED_REPLY` (an answer without tokens).
   */
  signIn(credentials: SignInCredentials): Promise<SignInResult>;
  /**
   * Finishes a sign-in that answered `device-verification-required`, with the code sent and this
   * device's id and name (`trust_device: true` remembers it). Resolves and fails as `signIn`.
   */
  verifyDevice(input: DeviceVerificationInput): Promise<SignInResult>;
  /**
   * Creates the account (with the token of a code checked for `signup`) and signs in: resolves and
   * fails as `signIn` (a value the server refused: `BAD_REQUEST` with `fieldErrors`).
   */
  signUp(input: SignUpInput): Promise<SignInResult>;
  /**
   * Signs out: clears `tokens`, then sends `POST /ums/rest/v3/session-logout` with the id token they
   * held (with `keepalive`, so a page load started meanwhile does not cut it off) — the tokens go
   * always, even when the call fails or there was nothing to send (the session then lives on at the
   * services host until its tokens expire; `confirmed: false` says so, with the `error`). Never
   * rejects. `onSessionEnded` is not called: the app asked for it.
   */
  signOut(): Promise<SignOutResult>;
  /** The session `tokens` hold now (claims read from the token), or `null` for a guest. */
  session(): MarketSession | null;
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
 * origin (`origin`, else `location.origin`). Anything else was refused by `checkServicesHost`.
 */
function absoluteServicesHost(host: ServicesHostForm, origin: string | null | undefined): string {
  if (host.kind === 'url') return host.value;
  const page =
    origin === undefined ? (globalThis as { location?: { origin?: string } }).location?.origin : origin;
  if (!page || !URL.canParse(page) || new URL(page).origin === 'null') return UNRESOLVED_HOST;
  return new URL(host.value, page).href.replace(/\/+$/, '');
}

/** openapi-fetch's own middleware would see CallRequests, not Requests: steps go in `middleware`. */
function refuseOpenapiMiddleware(): never {
  throw new Error('MarketClient: give extra request steps as the `middleware` option of createMarketClient.');
}

/** Creates a typed client with the documented middleware chain and single-flight 401 refresh. */
export function createMarketClient(options: MarketClientOptions): MarketClient {
  const host = checkServicesHost(options.servicesHost);
  const given = host.value;
  const servicesHost = absoluteServicesHost(host, options.origin);
  const basePath = new URL(servicesHost).pathname.replace(/\/+$/, '');
  const realm = options.realm ?? `${options.store}-customer`;
  const unresolved = servicesHost === UNRESOLVED_HOST;
  const baseFetch = unresolved
    ? () =>
        Promise.reject(
          ruleError(
            'INVALID_SERVICES_HOST',
            `servicesHost ${JSON.stringify(given)} is a path and no page origin is known to resolve it ` +
              "against; outside a browser give `origin` (e.g. origin: 'http://localhost:3000') or an " +
              'http(s) servicesHost',
            { servicesHost: given },
          ),
        )
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
  /** A sign-in answer: the grant stored and the session resolved, or the device challenge. */
  function accept(result: ResponseBody<'login'> | null, path: string): SignInResult {
    if (result?.login_status === 'DEVICE_VERIFICATION_REQUIRED' && typeof result.otp_reference === 'string') {
      const { login_status: _, ...verification } = result;
      return { status: 'device-verification-required', verification };
    }
    const grant = result?.login_status === 'SUCCESS' ? grantOf(result) : null;
    if (!grant)
      throw new MarketApiError({
        kind: 'malformed',
        status: 200,
        method: 'POST',
        url: `${servicesHost}${path}`,
        description: 'The sign-in answer carries neither tokens nor a device challenge.',
      });
    // A new session replaces the one held whole: nothing of another shopper's grant is kept.
    tokens.clear();
    tokens.set(grant);
    return { status: 'signed-in', session: sessionOf(tokens.get()) ?? { claims: {}, displayName: '' } };
  }

  const LOGOUT = '/ums/rest/v3/session-logout';
  async function signOut(): Promise<SignOutResult> {
    const idToken = tokens.get()?.idToken;
    // Cleared before the call: a page loaded meanwhile finds no session, and a sign-in made while the
    // call is under way is not undone by its end.
    tokens.clear();
    if (!idToken) return { confirmed: false, error: null };
    try {
      // keepalive: a page load started meanwhile does not cut the call off; `timeoutMs` bounds the wait.
      await unwrap(client.POST(LOGOUT, { body: { id_token_hint: idToken }, keepalive: true }));
      return { confirmed: true };
    } catch (cause) {
      // The transport and unwrap make every failure of a call one; anything else is wrapped.
      const error =
        cause instanceof MarketApiError
          ? cause
          : new MarketApiError({
              kind: 'network',
              status: 0,
              method: 'POST',
              url: `${servicesHost}${LOGOUT}`,
              description: String(cause),
              cause,
            });
      return { confirmed: false, error };
    }
  }

  return Object.assign(client, {
    use: refuseOpenapiMiddleware,
    eject: refuseOpenapiMiddleware,
    servicesHost,
    store: options.store,
    realm,
    tokens,
    // A path host keeps asset URLs as paths: the same on a server rendering the page and in the browser.
    assetUrl: (path: string | null | undefined) => resolveAssetUrl(given, path),
    imageUrls: (value: string | readonly string[] | null | undefined) => resolveAssetUrls(given, value),
    refreshSession: () => transport.refreshSession(),
    async signIn(credentials: SignInCredentials) {
      if ('password' in credentials) {
        const path = '/ums/rest/v3/login';
        return accept(await unwrap(client.POST(path, { body: credentials })), path);
      }
      const path = '/ums/rest/v3/login-otp';
      return accept(await unwrap(client.POST(path, { body: credentials })), path);
    },
    async verifyDevice(input: DeviceVerificationInput) {
      const path = '/ums/rest/v3/device-otp/validate';
      return accept(await unwrap(client.POST(path, { body: input })), path);
    },
    async signUp(input: SignUpInput) {
      const path = '/ums/rest/v3/signup';
      return accept(await unwrap(client.POST(path, { body: input })), path);
    },
    signOut,
    session: () => sessionOf(tokens.get()),
  });
}
