import {
  ALL_PRODUCTS,
  directionOf,
  FALLBACK_LANGUAGE,
  isSavablePincode,
  resolveLanguage,
  sessionFromToken,
  storeFromHost,
} from '@marketkit/hooks/core';
import { type MarketQuery, storeQueries } from '@marketkit/hooks/prefetch';
import { createMarketClient, createMemoryTokenStore, type MarketClient } from '@marketkit/sdk';
import { type DehydratedState, dehydrate, hashKey, QueryClient } from '@tanstack/react-query';
import { parse } from 'cookie';
import type { AppLoadContext } from 'react-router';
import { isCopyOf, realTokensIn } from '../../server/session-tokens.ts';
import { LANGUAGE_COOKIE, PINCODE_COOKIE } from '../app/preferences.ts';
import type { StorefrontServerContext } from './context.ts';

export type Direction = 'LTR' | 'RTL';

/** Where the page's language came from: the path, the shopper's cookie, or the store's default. */
export type LanguageSource = 'path' | 'cookie' | 'store';

export interface PageLanguage {
  language: string;
  direction: Direction;
  source: LanguageSource;
}

/** A language code as it may appear in a cookie or a path. */
const LANGUAGE_CODE = /^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})?$/;

/**
 * Everything one page request knows and asks: the store (from its host name), the shopper's language,
 * pincode and session (from the path and cookies), a guest SDK client that reaches the services host
 * through the server's own upstream, and one QueryClient whose answers the loaders hand to the browser.
 * Every call is bounded by the page's deadline and aborted when it passes (or the shopper leaves).
 */
export interface RequestScope {
  readonly server: StorefrontServerContext;
  readonly url: URL;
  readonly store: string;
  readonly storeId: number | null;
  /** The active pincode from the shopper's cookie, or null. */
  readonly pincode: string | null;
  /** The access token from the shopper's cookie, when it reads as a session (never sent anywhere). */
  readonly accessToken: string | null;
  readonly client: MarketClient;
  readonly queryClient: QueryClient;
  /** Settles when the page stops waiting for the services host. */
  readonly deadline: Promise<void>;
  /** The page's language: the path's or the cookie's when the store has it, else the store's default. */
  language(): Promise<PageLanguage>;
  /** The language the shopper asked for (path, else cookie), before the store's languages decide. */
  readonly languageCandidate: string | null;
  /** The language the calls are being asked in now. */
  sentLanguage(): string | null;
  /**
   * Fetches a query within the deadline; undefined when it failed or did not come in time. `fresh`
   * asks again even when an answer is cached (it was asked in another language).
   */
  fetch<T>(query: MarketQuery<T>, options?: { fresh?: boolean }): Promise<T | undefined>;
  /** How the last `fetch` of a query ended: answered, failed, or late (still open at the deadline). */
  outcome(query: MarketQuery<unknown>): 'answered' | 'failed' | 'late';
  /** The successful answers of these queries, for `HydrationBoundary` in the browser. */
  dehydrate(queries: readonly MarketQuery<unknown>[]): DehydratedState;
}

// Keyed by the load context, which the server makes once per request (React Router may hand each
// loader a Request of its own).
const scopes = new WeakMap<StorefrontServerContext, RequestScope>();

/** The scope of a request (one per request, shared by its loaders and its render). */
export function requestScope(request: Request, context: AppLoadContext): RequestScope {
  const server = context.storefront;
  if (!server) throw new Error('The storefront renders pages through its server (server/app.ts)');
  let scope = scopes.get(server);
  if (!scope) {
    scope = createScope(request, server);
    scopes.set(server, scope);
  }
  return scope;
}

function createScope(request: Request, server: StorefrontServerContext): RequestScope {
  const url = new URL(request.url);
  // An empty value is no value.
  const cookies = parse(request.headers.get('cookie') ?? '');
  const readCookie = (name: string) => cookies[name] || null;
  const { config } = server;
  const store = storeFromHost(url.hostname, config);
  const storeId = Object.hasOwn(config.storeIds, store) ? (config.storeIds[store] ?? null) : null;
  const savedPincode = readCookie(PINCODE_COOKIE);
  const pincode = isSavablePincode(savedPincode) && savedPincode !== ALL_PRODUCTS ? savedPincode : null;
  let token = readCookie('access_token');
  if (server.httpOnlyTokens) {
    // With the proxy, the real token is the server's HttpOnly cookie; the session is the page's while
    // its copy is there (the browser decides as it does: a page that cleared its session is a guest's).
    const real = realTokensIn(cookies, url.protocol === 'https:').access;
    token = isCopyOf(token, real) ? real : null;
  }
  const accessToken = sessionFromToken(token).status === 'signed-in' ? token : null;
  const cookieLanguage = readCookie(LANGUAGE_COOKIE);
  const candidate =
    server.pathLanguage ?? (cookieLanguage && LANGUAGE_CODE.test(cookieLanguage) ? cookieLanguage : null);

  // The page's deadline: past it, nothing more is awaited and every call still open is aborted.
  const stop = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      stop.abort(new Error('The page stopped waiting for the services host'));
      resolve();
    }, server.dataTimeoutMs);
  });
  const abort = () => {
    clearTimeout(timer);
    stop.abort(new Error('The shopper left'));
  };
  if (request.signal.aborted) abort();
  else request.signal.addEventListener('abort', abort, { once: true });

  // The language the calls are asked in: the candidate until the store's languages decide.
  let sentLanguage: string | null = candidate;
  const client = createMarketClient({
    servicesHost: config.servicesHost,
    origin: url.origin,
    store,
    tokens: createMemoryTokenStore(),
    getLanguage: () => sentLanguage,
    getPincode: () => pincode,
    cookies: null,
    locks: null,
    fetch: upstreamFetch(server, () => client.servicesHost, stop.signal),
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  const outcomes = new Map<string, 'answered' | 'failed'>();
  const fetchQuery = <T>(
    query: MarketQuery<T>,
    options: { fresh?: boolean } = {},
  ): Promise<T | undefined> => {
    const key = hashKey(query.queryKey);
    outcomes.delete(key);
    return Promise.race([
      queryClient.fetchQuery(options.fresh ? { ...query, staleTime: 0 } : query).then(
        (data) => {
          outcomes.set(key, 'answered');
          return data;
        },
        (error: unknown) => {
          // Cut off by the deadline (or the shopper leaving) is late, not failed.
          if (stop.signal.aborted) return undefined;
          outcomes.set(key, 'failed');
          // The page goes out without this answer (the browser asks again): the operator sees why.
          console.warn(
            `storefront: ${store} ${url.pathname}: ${key} failed: ${error instanceof Error ? error.message : String(error)}`,
          );
          return undefined;
        },
      ),
      deadline.then(() => undefined),
    ]);
  };

  let language: Promise<PageLanguage> | null = null;
  return {
    server,
    url,
    store,
    storeId,
    pincode,
    accessToken,
    client,
    queryClient,
    deadline,
    languageCandidate: candidate,
    sentLanguage: () => sentLanguage,
    language() {
      language ??= fetchQuery(storeQueries(client).languages()).then((answer): PageLanguage => {
        const source: LanguageSource = server.pathLanguage ? 'path' : candidate ? 'cookie' : 'store';
        if (!answer) {
          const fallback = candidate ?? FALLBACK_LANGUAGE;
          return { language: fallback, direction: directionOf(fallback, []), source };
        }
        const decision = resolveLanguage(candidate, answer.data);
        sentLanguage = decision.language;
        return {
          language: decision.language,
          direction: decision.direction,
          source: decision.reload || !candidate ? 'store' : source,
        };
      });
      return language;
    },
    fetch: fetchQuery,
    outcome: (query) => outcomes.get(hashKey(query.queryKey)) ?? 'late',
    dehydrate(queries) {
      const wanted = new Set(queries.map((query) => hashKey(query.queryKey)));
      return dehydrate(queryClient, {
        shouldDehydrateQuery: (query) => query.state.status === 'success' && wanted.has(query.queryHash),
      });
    },
  };
}

/**
 * The SDK's `fetch` on the server: a call to the services host as the browser would address it (the
 * page's `/api`) goes to the upstream the server knows, with a time limit, and is aborted when the page
 * stops waiting; any other address is refused (the server calls nothing else for a page).
 */
function upstreamFetch(server: StorefrontServerContext, host: () => string, pageSignal: AbortSignal) {
  const upstream = server.upstream.replace(/\/+$/, '');
  return (request: Request): Promise<Response> => {
    const base = host();
    if (request.url !== base && !request.url.startsWith(`${base}/`) && !request.url.startsWith(`${base}?`))
      return Promise.reject(
        new Error(`The storefront's server calls only the services host, not ${request.url}`),
      );
    const target = `${upstream}${request.url.slice(base.length)}`;
    const signal = AbortSignal.any([pageSignal, AbortSignal.timeout(server.upstreamTimeoutMs)]);
    // A route action's call has a body (a page's loaders send none).
    const sent =
      request.method === 'GET' || request.method === 'HEAD' ? Promise.resolve(null) : request.arrayBuffer();
    const call = (body: ArrayBuffer | null) =>
      fetch(new Request(target, { method: request.method, headers: request.headers, body, signal }));
    return sent.then((body) =>
      call(body).catch((error: unknown) => {
        // A connection kept open between pages can be closed by the services host just as it is
        // reused (its keep-alive limit against ours; more likely on a loaded machine): `fetch` fails
        // with a TypeError before any answer. A page's reads are safe to send once more; a write is
        // not, nor a call the page stopped waiting for.
        const idempotent = request.method === 'GET' || request.method === 'HEAD';
        if (!idempotent || !(error instanceof TypeError) || signal.aborted) throw error;
        return call(body);
      }),
    );
  };
}
