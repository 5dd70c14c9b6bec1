// Serves the built storefront the way a production host would: SPA fallback for routes, 404 for
// missing files, gzip, long caching for hashed assets, a runtime /config.json (the build's own, pointed
// at the services host), and the services host itself proxied under /api on the same origin: no CORS
// preflight and no second connection before the first screen (pass `proxy: false` to go cross-origin).
// Used by `npm run demo`, the browser tests and the bench.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { dirname, extname, isAbsolute, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  drawFirstView,
  FIRST_VIEW_TIMEOUT_MS,
  firstViewCache,
  firstViewScreen,
  load as loadFirstViewLibraries,
  storeFromHost,
  VIEW_COOKIE,
  within,
} from './first-view.mjs';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'storefront', 'dist');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.map']);
const PROXY_PATH = '/api';
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  // Set by this proxy, never taken from the client.
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
]);

/** Headers minus the hop-by-hop ones, including any the `Connection` header names. */
function endToEnd(headers) {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !HOP_BY_HOP.has(name.toLowerCase()) && !named.includes(name.toLowerCase()),
    ),
  );
}

/** Streams one request to the services host and its answer back (a same-origin reverse proxy). */
function pass(request, response, upstream, pathname, search) {
  const secure = upstream.protocol === 'https:';
  const outgoing = (secure ? httpsRequest : httpRequest)(
    {
      hostname: upstream.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: upstream.port || (secure ? 443 : 80),
      method: request.method,
      path: `${upstream.pathname.replace(/\/$/, '')}${pathname}${search}`,
      headers: {
        ...endToEnd(request.headers),
        host: upstream.host,
        'x-forwarded-proto': 'http',
        'x-forwarded-host': String(request.headers.host ?? ''),
        'x-forwarded-for': request.socket.remoteAddress ?? '',
      },
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(response);
    },
  );
  // A shopper who leaves stops the call; a services host that fails mid-answer cuts the answer.
  response.on('close', () => {
    if (!response.writableFinished) outgoing.destroy();
  });
  outgoing.on('error', () => {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    response.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('The services host did not answer');
  });
  request.pipe(outgoing);
}

/** reCAPTCHA v3 (used only by stores that turn it on): its script and its invisible frame. */
const RECAPTCHA = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
/** Google Tag Manager (only for stores that set google_analytics_tag) and where it reports. */
const TAG_MANAGER = 'https://www.googletagmanager.com';
const ANALYTICS = ['https://*.google-analytics.com', 'https://*.analytics.google.com'];

const originOf = (value, base) => {
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};

/**
 * The storefront's response headers (every file, every answer). The Content-Security-Policy allows
 * scripts only from the storefront itself (and reCAPTCHA's and the tag manager's, which load only for
 * stores that turn them on), calls only to itself, the services host, the language host and
 * analytics, and form posts only to itself and the payment origins. Inline styles stay
 * allowed: the toaster and the dialogs' scroll lock add `<style>` elements at run time.
 * Relative hosts ('/api', '/locales') are the storefront's own origin and need no entry.
 */
/** The build's hint to fetch /config.json early (index.html), replaced by the configuration itself. */
const CONFIG_PRELOAD = /<link rel="preload" href="\/config\.json"[^>]*>/;
/** The app's entry and the modules it preloads (the boot script's own tags carry `data-boot`). */
const APP_SCRIPT = /<script type="module" crossorigin src="[^"<>]+"><\/script>/g;
const APP_PRELOAD = /<link rel="modulepreload" crossorigin href="[^"<>]+">/g;
const ROOT_ELEMENT = '<div id="root">';

/**
 * The page with a first view drawn above the app's root. The app's code waits in a template, which
 * the boot script starts once the view's pictures have painted: on a slow network the pictures get
 * the connection first, and the view paints before the app's code runs. The template and the answers
 * the view was drawn from go first in `<head>`: an async boot script may run before the body is in.
 * `<` is escaped in the answers, so no value can close their element.
 */
export function withFirstView(html, view, path) {
  if (!html.includes(ROOT_ELEMENT) || !/<head>/i.test(html)) return html;
  const app = [...html.matchAll(APP_SCRIPT), ...html.matchAll(APP_PRELOAD)].map((match) => match[0]);
  const rest = app.length === 0 ? html : html.replace(APP_SCRIPT, () => '').replace(APP_PRELOAD, () => '');
  const template = app.length === 0 ? '' : `<template id="marketkit-app">${app.join('')}</template>`;
  const answers = `<script type="application/json" id="marketkit-answers">${JSON.stringify({ path, ...view.answers }).replaceAll('<', '\\u003c')}</script>`;
  return rest
    .replace(/<head>/i, (head) => `${head}${template}${answers}`)
    .replace(ROOT_ELEMENT, () => `${view.html}${ROOT_ELEMENT}`);
}

const cookieValue = (header, name) =>
  String(header ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];

export function securityHeaders({ servicesHost, languageHost = '/locales', paymentOrigins = [] }) {
  const base = 'http://storefront.invalid';
  const others = (...values) =>
    [...new Set(values.map((value) => originOf(value, base)).filter((o) => o && o !== base))].join(' ');
  const list = (...parts) => parts.filter(Boolean).join(' ');
  const directives = {
    'default-src': "'self'",
    'script-src': list("'self'", ...RECAPTCHA, TAG_MANAGER),
    'style-src': "'self' 'unsafe-inline'",
    'img-src': list("'self'", 'data:', 'blob:', others(servicesHost), TAG_MANAGER, ...ANALYTICS),
    'font-src': "'self'",
    'connect-src': list("'self'", others(servicesHost, languageHost), TAG_MANAGER, ...ANALYTICS),
    'frame-src': RECAPTCHA[0],
    'form-action': list("'self'", others(...paymentOrigins)),
    'object-src': "'none'",
    'base-uri': "'none'",
    'frame-ancestors': "'none'",
    'worker-src': "'none'",
    'manifest-src': "'self'",
  };
  return {
    'Content-Security-Policy': Object.entries(directives)
      .map(([name, value]) => `${name} ${value}`)
      .join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}

export async function startStorefrontServer({
  servicesHost,
  port = 0,
  host = '127.0.0.1',
  languageHost = '/locales',
  root = DIST,
  proxy = true,
  paymentOrigins,
  firstView = true,
  firstViewTtlMs,
}) {
  if (!existsSync(join(root, 'index.html')))
    throw new Error(`Nothing built at ${root} (pnpm --filter @marketkit/storefront build)`);
  const built = existsSync(join(root, 'config.json'))
    ? JSON.parse(readFileSync(join(root, 'config.json'), 'utf8'))
    : {};
  const upstream = new URL(servicesHost);
  // The services host's own origin serves the sandbox's payment pages; a deployment lists its
  // providers in config.json (`paymentOrigins`) or through this option.
  const runtime = {
    ...built,
    servicesHost: proxy ? PROXY_PATH : servicesHost,
    languageHost,
    paymentOrigins: paymentOrigins ?? [...new Set([...(built.paymentOrigins ?? []), upstream.origin])],
  };
  const config = Buffer.from(JSON.stringify(runtime));
  // The page carries its configuration: the boot script starts the store calls in its first task
  // instead of a round trip later (and instead of after the app's code, on a busy phone). `<` is
  // escaped so no value can close the element; the app still fetches /config.json without it.
  // `data-first-view`: this server draws first views (the boot script then keeps their cookie).
  const inlineConfig = `<script type="application/json" id="marketkit-config"${firstView ? ' data-first-view' : ''}>${JSON.stringify(runtime).replaceAll('<', '\\u003c')}</script>`;
  // First in <head>, ahead of the boot script, which may run as soon as its code is there. Functions
  // as replacements: a `$'` or `$&` in a value is text, not a replacement pattern.
  const withConfig = (source) => {
    const html = source.toString('utf8');
    if (!CONFIG_PRELOAD.test(html)) return html;
    if (!/<head>/i.test(html)) return html.replace(CONFIG_PRELOAD, () => inlineConfig);
    return html.replace(CONFIG_PRELOAD, () => '').replace(/<head>/i, (head) => `${head}${inlineConfig}`);
  };
  const security = securityHeaders(runtime);
  // Ready before the first shopper: loading the SDK and hooks takes longer than a page may wait.
  if (firstView) await loadFirstViewLibraries();
  const firstViews = firstViewCache(firstViewTtlMs === undefined ? {} : { ttlMs: firstViewTtlMs });
  /** The first view of a request for `screen`, or null (see first-view.mjs for when one is drawn). */
  const firstViewFor = async (request, url, screen) => {
    if (cookieValue(request.headers.cookie, VIEW_COOKIE) !== undefined) return null;
    const hostname = String(request.headers.host ?? '').replace(/:\d+$/, '');
    const store = await storeFromHost(hostname, {
      store: runtime.store ?? null,
      defaultStore: runtime.defaultStore ?? 'demo',
    });
    const storeIds = runtime.storeIds ?? {};
    const storeId = Object.hasOwn(storeIds, store) ? storeIds[store] : undefined;
    if (!Number.isSafeInteger(storeId)) return null;
    const view = firstViews(`${store}|${url.pathname}${url.search}`, () =>
      drawFirstView({
        screen,
        store,
        storeId,
        servicesHost: runtime.servicesHost,
        upstream: upstream.href,
        root,
      }),
    );
    return within(view, FIRST_VIEW_TIMEOUT_MS);
  };
  const cache = new Map();
  const read = (file, gzip) => {
    const key = `${file}:${gzip}`;
    if (!cache.has(key)) {
      const raw = readFileSync(file);
      const body = extname(file) === '.html' ? Buffer.from(withConfig(raw)) : raw;
      cache.set(key, gzip ? gzipSync(body, { level: 9 }) : body);
    }
    return cache.get(key);
  };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const headers = { ...security };
    if (proxy && (url.pathname === PROXY_PATH || url.pathname.startsWith(`${PROXY_PATH}/`))) {
      pass(request, response, upstream, url.pathname.slice(PROXY_PATH.length) || '/', url.search);
      return;
    }
    if (url.pathname === '/config.json') {
      response.writeHead(200, { ...headers, 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-store' });
      response.end(config);
      return;
    }
    let path;
    try {
      path = normalize(join(root, decodeURIComponent(url.pathname)));
    } catch {
      path = root;
    }
    const inside = (() => {
      const rel = relative(root, path);
      return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
    })();
    const exists = inside && existsSync(path) && statSync(path).isFile();
    // A route (no file extension) gets the app; a missing file is a 404, never HTML in its place.
    if (!exists && extname(url.pathname) !== '') {
      response.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Not found');
      return;
    }
    const file = exists ? path : join(root, 'index.html');
    const type = extname(file);
    // The page's first store calls go to the services host: open that connection with the HTML.
    if (type === '.html' && !proxy) headers.Link = `<${upstream.origin}>; rel=preconnect; crossorigin`;
    const gzip = COMPRESSIBLE.has(type) && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    const screen = !exists && firstView ? firstViewScreen(url.pathname, url.search) : null;
    const drawable = screen !== null;
    const view = drawable ? await firstViewFor(request, url, screen).catch(() => null) : null;
    if (response.destroyed) return;
    response.writeHead(200, {
      ...headers,
      'Content-Type': TYPES[type] ?? 'application/octet-stream',
      'Cache-Control': file.includes(`${join(root, 'assets')}/`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      // A page may carry a first view, which depends on the shopper's cookie.
      Vary: drawable ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    if (view) {
      const page = Buffer.from(
        withFirstView(read(file, false).toString('utf8'), view, `${url.pathname}${url.search}`),
      );
      response.end(gzip ? gzipSync(page) : page);
      return;
    }
    response.end(read(file, gzip));
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
