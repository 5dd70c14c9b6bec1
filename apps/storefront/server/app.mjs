// The storefront's server: React Router's request handler (every page rendered by the real app, then
// hydrated) with what a production host needs around it, as Express middleware: the services host
// under /api, gzip, immutable hashed assets, security headers with a per-response script nonce, the
// runtime configuration, and a language first in the path. It keeps no state between requests:
// run as many copies as you like behind a load balancer and a CDN (README).
import './node-env.mjs';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import { PROXY_PATH, servicesProxy } from './proxy.mjs';
import { originOf, securityHeaders } from './security.mjs';

const APP = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BUILD = join(APP, 'build');

/** Spec §9's languages: one first in the path (`/fr/cart`) is the shopper's choice. */
const PATH_LANGUAGES = ['en', 'en_US', 'en_IN', 'hi', 'ar', 'fr'];

/** A Host header: a DNS name or an address, and a port. */
const HOST = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/** How long a page waits for the services host before it renders without (the browser completes it). */
export const DATA_TIMEOUT_MS = 500;
/** The bound on every call to the services host (the proxy's and the pages'). */
export const UPSTREAM_TIMEOUT_MS = 10_000;

/** The language a path starts with (`/FR/cart` → `fr`) and the rest, or null. */
export function pathLanguage(pathname) {
  const [, first = '', ...rest] = pathname.split('/');
  const language = PATH_LANGUAGES.find((code) => code.toLowerCase() === first.toLowerCase());
  return language ? { language, rest: `/${rest.join('/')}` } : null;
}

/**
 * The runtime configuration pages and the browser get: the build's `config.json` (one build for every
 * store), the services host as `/api` when proxied, and the payment origins.
 */
export function runtimeConfig({ buildRoot, servicesHost, languageHost, proxy, paymentOrigins }) {
  const file = join(buildRoot, 'client', 'config.json');
  const built = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
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
    paymentOrigins: [...new Set(origins.map((origin) => originOf(origin)))],
  };
}

/**
 * The storefront as an Express app.
 * @param {import('./app.d.mts').StorefrontOptions} options
 */
export async function createStorefrontApp({
  servicesHost,
  languageHost = '/locales',
  buildRoot = BUILD,
  proxy = true,
  paymentOrigins,
  dataTimeoutMs = DATA_TIMEOUT_MS,
  upstreamTimeoutMs = UPSTREAM_TIMEOUT_MS,
  trustProxy = false,
}) {
  const serverBuild = join(buildRoot, 'server', 'index.js');
  if (!existsSync(serverBuild))
    throw new Error(`Nothing built at ${buildRoot} (pnpm --filter @marketkit/storefront build)`);
  const build = await import(pathToFileURL(serverBuild).href);
  const clientRoot = join(buildRoot, 'client');
  const config = runtimeConfig({ buildRoot, servicesHost, languageHost, proxy, paymentOrigins });
  const upstream = new URL(servicesHost).href;

  const app = express();
  app.disable('x-powered-by');
  // Behind a load balancer or CDN that sets X-Forwarded-* (README): the page's own origin and scheme.
  app.set('trust proxy', trustProxy);

  // Every answer: security headers, with a nonce of its own for the page's inline scripts.
  app.use((request, response, next) => {
    response.locals.nonce = randomBytes(16).toString('base64');
    response.set(securityHeaders(config, response.locals.nonce));
    // The host decides the store and the page's address: a name and a port, or it is refused.
    if (!HOST.test(String(request.headers.host ?? ''))) {
      response.status(400).type('text/plain').set('Cache-Control', 'no-store').send('Bad request');
      return;
    }
    next();
  });

  if (proxy) app.use(PROXY_PATH, servicesProxy({ upstream, timeoutMs: upstreamTimeoutMs }));

  app.use(compression());

  app.get('/config.json', (_request, response) => {
    response.set('Cache-Control', 'no-store').json(config);
  });

  // Hashed file names: a browser or CDN keeps them for a year; a missing one is a 404, never a page.
  app.use(
    '/assets',
    express.static(join(clientRoot, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
    }),
  );
  app.use(
    express.static(clientRoot, {
      index: false,
      setHeaders: (response) => response.set('Cache-Control', 'no-cache'),
    }),
  );

  app.use((request, response, next) => {
    const { pathname } = new URL(request.originalUrl, 'http://x');
    // A file that is not there is a 404, not a page (a broken image asks for a file, not HTML).
    if (/\.[a-z0-9]{1,8}$/i.test(pathname) && !pathname.endsWith('.data')) {
      response.status(404).type('text/plain').set('Cache-Control', 'no-store').send('Not found');
      return;
    }
    // Spec §2: `/fr/cart` is `/cart` in French. The route is rendered as its own address (the browser
    // takes the language off before it hydrates); the cookie the app keeps follows.
    const found = pathLanguage(pathname);
    response.locals.pathLanguage = found?.language ?? null;
    if (found) {
      const at = request.originalUrl.indexOf('?');
      request.originalUrl = `${found.rest}${at === -1 ? '' : request.originalUrl.slice(at)}`;
      request.url = request.originalUrl;
    }
    next();
  });

  app.all(
    '*path',
    createRequestHandler({
      build,
      mode: 'production',
      getLoadContext: (_request, response) => ({
        storefront: {
          config,
          upstream,
          nonce: response.locals.nonce,
          // A page's own policy, once it knows the store's settings (replaces the one set above).
          setPagePolicy: (features) =>
            response.set(
              'Content-Security-Policy',
              securityHeaders(config, response.locals.nonce, features)['Content-Security-Policy'],
            ),
          pathLanguage: response.locals.pathLanguage,
          clientRoot,
          dataTimeoutMs,
          upstreamTimeoutMs,
        },
      }),
    }),
  );

  // What a step refused (a missing asset, a malformed path) keeps its status; anything else is a
  // plain 500, never a stack trace.
  app.use((error, _request, response, _next) => {
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
  });

  return { app, config };
}
