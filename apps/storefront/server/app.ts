// The storefront's server, one module for production and development: React Router's request handler
// (every page rendered by the real app, then hydrated) with what a host needs around it, as Express
// middleware. Production (start.ts) gives it the built app and its files; development (dev.ts) gives
// it Vite's: the same request scope, proxy, headers and store by host name either way. It keeps no
// state between requests: run as many copies as you like behind a load balancer and a CDN (README).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { ServerBuild } from 'react-router';
import type { RuntimeConfig } from '../src/app/config.ts';
import type { StorefrontServerContext } from '../src/server/context.ts';
import {
  BODY_TIMEOUT_MS,
  bufferedBody,
  knownMethods,
  MAX_BODY_BYTES,
  MAX_REQUESTS_PER_CLIENT,
  perClientCap,
} from './limits.ts';
import { PROXY_PATH, servicesProxy } from './proxy.ts';
import { nonceOf, originOf, securityHeaders } from './security.ts';
import { clearedCookieLines, letGoRealTokens } from './session-tokens.ts';

/** The storefront's languages: one first in the path (`/fr/cart`) is the shopper's choice. */
const PATH_LANGUAGES = ['en', 'en_US', 'en_IN', 'hi', 'ar', 'fr'];

/** A Host header: a DNS name or an address, and a port. */
const HOST = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

/** How long a page waits for the services host before it renders without (the browser completes it). */
export const DATA_TIMEOUT_MS = 500;
/** The bound on every call to the services host (the proxy's and the pages'). */
export const UPSTREAM_TIMEOUT_MS = 10_000;

export interface StorefrontOptions {
  /** The services host the server calls, e.g. `http://127.0.0.1:4010`. */
  servicesHost: string;
  /** Where translation files are: a path served with the app's files (default `/locales`) or a URL. */
  languageHost?: string;
  /** Proxy the services host under `/api` on the storefront's origin (default true). */
  proxy?: boolean;
  /**
   * Origins the payment forms may post to (default: config.json's `paymentOrigins`; the services host
   * is not added: pass the sandbox's origin where its payment pages are used).
   */
  paymentOrigins?: readonly string[];
  /** How long a page waits for the services host before it renders without (default 500 ms). */
  dataTimeoutMs?: number;
  /** The bound on every upstream call (default 10 000 ms). */
  upstreamTimeoutMs?: number;
  /** Express's `trust proxy` (behind a load balancer or CDN that sets X-Forwarded-*). */
  trustProxy?: boolean | string | number;
  /** The largest request body `/api` forwards (default 4 MiB, the services host's own limit). */
  maxBodyBytes?: number;
  /** How long a request body to `/api` may take to arrive (default 30 s). */
  bodyTimeoutMs?: number;
  /** Requests one client address may have in progress at once (default 64). */
  maxRequestsPerClient?: number;
}

/** What production and development each give the one server. */
export interface StorefrontHost {
  /** React Router's server build, or how to get it on each request (the dev server's, fresh). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  /** The app's files as they are served (`build/client`; `public` in development): config.json, texts. */
  clientRoot: string;
  /** The steps that serve files: the built assets, or Vite's modules and hot reload. */
  files: RequestHandler[];
  /** Compress answers here (production; Vite's dev server sends its own). */
  compress: boolean;
}

/** The language a path starts with (`/FR/cart` → `fr`) and the rest, or null. */
export function pathLanguage(pathname: string): { language: string; rest: string } | null {
  const [, first = '', ...rest] = pathname.split('/');
  const language = PATH_LANGUAGES.find((code) => code.toLowerCase() === first.toLowerCase());
  return language ? { language, rest: `/${rest.join('/')}` } : null;
}

/**
 * The runtime configuration pages and the browser get: the app's `config.json` (one build for every
 * store), the services host as `/api` when proxied, and the payment origins.
 */
export function runtimeConfig({
  clientRoot,
  servicesHost,
  languageHost,
  proxy,
  paymentOrigins,
}: {
  clientRoot: string;
  servicesHost: string;
  languageHost: string;
  proxy: boolean;
  paymentOrigins?: readonly string[] | undefined;
}): RuntimeConfig {
  const file = join(clientRoot, 'config.json');
  const built: Partial<RuntimeConfig> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const upstream = new URL(servicesHost);
  const origins = [...new Set(paymentOrigins ?? built.paymentOrigins ?? [])];
  // A list that lost its entries would turn the check off (no list means "the services host decides"):
  // a deployment that names a payment origin gets it checked, or the server does not start.
  const unusable = origins.filter((origin) => originOf(origin) !== origin.replace(/\/+$/, ''));
  if (unusable.length > 0)
    throw new Error(
      `PAYMENT_ORIGINS: ${unusable.map((o) => JSON.stringify(o)).join(', ')} is not an http(s) origin like https://pay.example.com`,
    );
  return {
    ...built,
    servicesHost: proxy ? PROXY_PATH : upstream.href.replace(/\/+$/, ''),
    languageHost,
    // Where payment forms may post: the deployment's providers, from this option (PAYMENT_ORIGINS) or
    // config.json. Nothing is added by default, the services host included: the sandbox's payment
    // pages are allowed only where it is configured (the demo and the tests pass its origin).
    paymentOrigins: [...new Set(origins.map((origin) => originOf(origin) as string))],
  } as RuntimeConfig;
}

/** The host decides the store and the page's address: a name and a port, or it is refused. */
const hostCheck: RequestHandler = (request, response, next) => {
  const host = HOST.exec(String(request.headers.host ?? ''));
  // A port past 65535 is not one: the page's address could not be built from it.
  if (!host || Number(host[3] ?? 0) > 65_535) {
    response.status(400).type('text/plain').set('Cache-Control', 'no-store').send('Bad request');
    return;
  }
  next();
};

/** `/fr/cart` is `/cart` in French, rendered as its own address (the browser takes it off). */
const languageInPath: RequestHandler = (request, response, next) => {
  const { pathname } = new URL(request.originalUrl, 'http://x');
  const found = pathLanguage(pathname);
  response.locals.pathLanguage = found?.language ?? null;
  if (found) {
    const at = request.originalUrl.indexOf('?');
    request.originalUrl = `${found.rest}${at === -1 ? '' : request.originalUrl.slice(at)}`;
    request.url = request.originalUrl;
  }
  next();
};

/**
 * What a step refused (a missing asset, a malformed path) keeps its status; anything else is a plain
 * 500, never a stack trace.
 */
const failure: ErrorRequestHandler = (error, _request, response, _next) => {
  const status = Number(error?.status ?? error?.statusCode);
  const refused = status >= 400 && status < 500;
  if (!refused) console.error(error);
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response
    .status(refused ? status : 500)
    .type('text/plain')
    .set('Cache-Control', 'no-store')
    .send(refused ? (status === 404 ? 'Not found' : 'Bad request') : 'The page could not be rendered');
};

/**
 * The storefront as an Express app. The steps, in order (later work slots in by name): security
 * headers with this answer's nonce → known methods → host check → per-client cap → `/api` (its body read
 * whole, bounded in size and time, then proxied) → compression → `/config.json` → files →
 * a language first in the path → React Router → failures.
 */
export function createStorefrontApp(
  {
    servicesHost,
    languageHost = '/locales',
    proxy = true,
    paymentOrigins,
    dataTimeoutMs = DATA_TIMEOUT_MS,
    upstreamTimeoutMs = UPSTREAM_TIMEOUT_MS,
    trustProxy = false,
    maxBodyBytes = MAX_BODY_BYTES,
    bodyTimeoutMs = BODY_TIMEOUT_MS,
    maxRequestsPerClient = MAX_REQUESTS_PER_CLIENT,
  }: StorefrontOptions,
  { build, mode, clientRoot, files, compress }: StorefrontHost,
): { app: express.Express; config: RuntimeConfig } {
  const config = runtimeConfig({ clientRoot, servicesHost, languageHost, proxy, paymentOrigins });
  const upstream = new URL(servicesHost).href;
  const security = securityHeaders(config);

  const app = express();
  app.disable('x-powered-by');
  // Behind a load balancer or CDN that sets X-Forwarded-* (README): the page's own origin and scheme.
  app.set('trust proxy', trustProxy);

  // Every answer, refusals included, carries the security headers.
  app.use(security.headers, knownMethods, hostCheck, perClientCap(maxRequestsPerClient));
  if (proxy)
    app.use(
      PROXY_PATH,
      bufferedBody({ maxBytes: maxBodyBytes, timeoutMs: bodyTimeoutMs }),
      servicesProxy({ upstream, timeoutMs: upstreamTimeoutMs }),
    );
  if (compress) app.use(compression());
  app.get('/config.json', (_request, response) => {
    response.set('Cache-Control', 'no-store').json(config);
  });
  app.use(files, languageInPath);
  // A page asked for with real tokens the page let go of (its sign-out never reached this server)
  // clears them: the page renders as a guest's either way, and no HttpOnly token stays behind.
  if (proxy)
    app.use((request, response, next) => {
      const secure = request.protocol === 'https';
      if (letGoRealTokens(request.headers.cookie, secure))
        response.appendHeader('Set-Cookie', clearedCookieLines(secure));
      next();
    });
  app.all(
    '*path',
    createRequestHandler({
      build,
      mode,
      getLoadContext: (request, response) => {
        const storefront: StorefrontServerContext = {
          config,
          upstream,
          nonce: nonceOf(response),
          setPagePolicy: (features) => security.setPagePolicy(request, response, features),
          pathLanguage: response.locals.pathLanguage ?? null,
          clientRoot,
          dataTimeoutMs,
          upstreamTimeoutMs,
          httpOnlyTokens: proxy,
        };
        return { storefront };
      },
    }),
  );
  app.use(failure);
  return { app, config };
}
