import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  escapeHtml,
  FIRST_VIEW_TIMEOUT_MS,
  firstViewCache,
  firstViewScreen,
  safeColour,
  storeFromHost as serverStoreFromHost,
  VIEW_COOKIE,
} from '../../../scripts/first-view.mjs';
import { startStorefrontServer } from '../../../scripts/storefront-server.mjs';
import { storeFromHost } from '../src/app/config.ts';
import { VIEW_COOKIE as BOOT_VIEW_COOKIE } from '../src/boot/first-view.ts';

// The first view the storefront's server draws into a shopping page (scripts/first-view.mjs), against
// a services host whose answers each test sets.
const HOSTILE = '<img src=x onerror=alert(1)>"\'&';
type Handler = (request: IncomingMessage, response: ServerResponse) => void;
let handler: Handler;
let base: string;
let upstream: Server;
let upstreamCalls: string[];
let server: Awaited<ReturnType<typeof startStorefrontServer>>;

const envelope = (body: unknown) => JSON.stringify({ response_message: 'OK', response_body: body });
const product = (id: number, extra: Record<string, unknown> = {}) => ({
  product_id: id,
  product_name: `Lamp ${id}`,
  product_image: `assets/demo/products/${id}/1.svg`,
  product_price: 120,
  final_price: 99.5,
  category_path: [{ category_id: 7, category_name: 'Lighting' }],
  ...extra,
});
function answers(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    'validate-store': { store_status: true, name: 'demo', store_display_name: 'Demo', store_id: 14 },
    'content-settings': {
      store_settings_data: [
        {
          store_display_name: 'Demo',
          store_logo_path: 'assets/demo/logo.svg',
          logo_size: 'medium',
          store_home_settings: {
            hero_title: 'Everything for home',
            hero_subtitle: 'Free delivery',
            hero_image_path: 'assets/demo/hero.svg',
          },
          store_header_settings: { bg_color: '#023047', fg_color: '#ffffff' },
          store_page_settings: { bg_color: '#ffffff', fg_color: '#111928' },
        },
      ],
    },
    languages: {
      data: [
        {
          language_code: 'en',
          language_name: 'English',
          status: 1,
          is_default: true,
          writing_script_direction: 'LTR',
        },
      ],
    },
    products: { data: [product(1), product(2), product(3)], total_count: 3 },
    'products/5': product(5),
    ...overrides,
  };
}
/** A services host answering from a table of bodies (`undefined` answers 404, a function itself). */
function answering(table: Record<string, unknown>): Handler {
  return (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname.replace(/^\/\w+\/rest\/v3\//, '');
    const body = table[path];
    if (typeof body === 'function') return (body as Handler)(request, response);
    if (body === undefined) {
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(envelope(null));
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(envelope(body));
  };
}

const HTML = `<!doctype html><html lang="en"><head><script type="module" async src="/assets/boot-1.js" data-boot></script><link rel="modulepreload" crossorigin href="/assets/deps-1.js" data-boot><title>Online store</title><link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" /><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/shell-1.js"><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"><span role="status">Loading</span></div></body></html>`;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'mk-first-view-'));
  const root = join(base, 'dist');
  mkdirSync(join(root, 'locales', 'en'), { recursive: true });
  writeFileSync(join(root, 'index.html'), HTML);
  writeFileSync(join(root, 'config.json'), JSON.stringify({ storeIds: { demo: 14 }, defaultStore: 'demo' }));
  for (const [namespace, texts] of Object.entries({
    header: { categories: 'Categories', sign_in: 'Sign in' },
    home: { welcome: 'Welcome to {{store}}', shop_now: 'Shop now' },
    common: { home: 'Home', price_on_request: 'Price on request' },
    product_listing: {
      filters: 'Filters',
      all_products_title: 'All products',
      sort: 'Sort by',
      result_count_one: '{{count}} product',
      result_count_other: '{{count}} products',
    },
  }))
    writeFileSync(join(root, 'locales', 'en', `${namespace}.json`), JSON.stringify(texts));
  upstream = createServer((request, response) => {
    upstreamCalls.push(request.url ?? '');
    handler(request, response);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const address = upstream.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // Drawn afresh for every request: each test sets its own answers.
  server = await startStorefrontServer({ servicesHost: `http://127.0.0.1:${port}`, root, firstViewTtlMs: 0 });
});

beforeEach(() => {
  upstreamCalls = [];
  handler = answering(answers());
});

afterAll(async () => {
  await server.close();
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(base, { recursive: true, force: true });
});

/** A page as a shopper of the store `demo` asks for it. */
async function open(path: string, headers: Record<string, string> = {}, port = server.port) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    headers: { host: 'demo.localhost', ...headers },
  });
  return { response, html: await response.text() };
}
const view = (html: string) => /<div id="first-view"[\s\S]*?<div id="root">/.exec(html)?.[0] ?? null;

describe('the first view', () => {
  it('draws the home page: header, hero and texts, above the app, which waits in a template', async () => {
    const { response, html } = await open('/');
    expect(response.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    const drawn = view(html);
    expect(drawn).toContain('src="/api/assets/demo/hero.svg"');
    expect(drawn).toContain('src="/api/assets/demo/logo.svg"');
    expect(drawn).toContain('Everything for home');
    expect(drawn).toContain('Shop now');
    expect(drawn).toContain('aria-hidden="true" inert');
    expect(drawn).toContain('--mk-header-bg:#023047');
    // No landmark, heading or link a test or an assistive technology could take for the app's.
    expect(drawn).not.toMatch(/<(header|main|nav|h1|h3|a|button|input|form|label)\b/);
    // The app's entry and its preloads wait in a template in <head>, ahead of the boot script; the
    // boot script's own tags stay.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf('<template id="marketkit-app">')).toBeLessThan(head.indexOf('boot-1.js'));
    expect(head).toMatch(
      /<template id="marketkit-app"><script type="module" crossorigin src="\/assets\/index-1.js"><\/script><link rel="modulepreload" crossorigin href="\/assets\/shell-1.js"><\/template>/,
    );
    expect(html.match(/index-1\.js/g)).toHaveLength(1);
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/deps-1.js" data-boot>');
  });

  it('carries the answers it was drawn from for the boot script, unable to close their element', async () => {
    handler = answering(
      answers({ 'products/5': product(5, { product_name: '</script><script>alert(1)</script>' }) }),
    );
    const { html } = await open('/ProductDetails?productId=5');
    const block = /<script type="application\/json" id="marketkit-answers">([^<]*)<\/script>/.exec(html)?.[1];
    expect(block).toBeDefined();
    const carried = JSON.parse(block ?? '');
    expect(carried).toMatchObject({
      path: '/ProductDetails?productId=5',
      store: 'demo',
      storeId: 14,
      language: 'en',
      validation: { store_id: 14 },
      screen: [{ product_id: 5, product_name: '</script><script>alert(1)</script>' }],
    });
    expect(Math.abs(Date.now() - carried.drawnAt)).toBeLessThan(10_000);
    expect(html.match(/<script/g)).toHaveLength(4); // config, answers, boot, the template's entry
    // The configuration says this server draws first views (the boot script keeps their cookie then).
    expect(html).toContain('<script type="application/json" id="marketkit-config" data-first-view>');
  });

  it('draws a listing’s first tiles with prices in the store currency and the product page’s picture', async () => {
    const listing = view((await open('/productListing')).html);
    expect(listing?.match(/<img /g)).toHaveLength(4); // the logo and three tiles
    expect(listing).toContain('3 products');
    expect(listing).toMatch(/<img src="[^"]*\/products\/2\/1\.svg"[^>]*fetchpriority="high"/);
    expect(listing).toMatch(/<img src="[^"]*\/products\/3\/1\.svg"[^>]*loading="lazy" fetchpriority="auto"/);
    expect(listing).toContain('INR 99.50');
    const detail = view((await open('/ProductDetails?productId=5')).html);
    expect(detail).toContain('src="/api/assets/demo/products/5/1.svg"');
    expect(detail).toContain('Lamp 5');
    expect(detail).toContain('Lighting');
  });

  it('shows hostile text as text, drops javascript: pictures and unreadable colours', async () => {
    handler = answering(
      answers({
        'content-settings': {
          store_settings_data: [
            {
              store_logo_path: 'http://storefront.invalid//evil.example/logo.svg',
              logo_size: 'constructor',
              store_home_settings: {
                hero_title: HOSTILE,
                hero_subtitle: HOSTILE,
                hero_image_path: 'javascript:alert(2)',
              },
              store_header_settings: {
                bg_color: 'red;background:url(https://evil.example/x)',
                fg_color: '"><script>',
              },
            },
          ],
        },
        products: {
          data: [product(1, { product_name: HOSTILE, product_image: 'javascript:alert(3)' })],
          total_count: 1,
        },
      }),
    );
    for (const path of ['/', '/productListing']) {
      const drawn = view((await open(path)).html) ?? '';
      expect(drawn).not.toBe('');
      expect(drawn).not.toContain('<img src=x');
      expect(drawn).not.toMatch(/javascript:|evil\.example|<script|function|\[native/i);
      if (path === '/') expect(drawn).toContain(escapeHtml(HOSTILE));
      else expect(drawn).toContain('src="/placeholder.svg"');
    }
    expect(safeColour('#023047')).toBe('#023047');
    expect(safeColour('rgb(2, 48, 71)')).toBe('rgb(2, 48, 71)');
    expect(safeColour('red;x:y')).toBeNull();
    expect(safeColour('url(x)')).toBeNull();
  });

  it('is left out, and the app’s own page served, for everything it cannot match', async () => {
    const plain = async (path: string, headers: Record<string, string> = {}) => {
      const { response, html } = await open(path, headers);
      expect(response.status, path).toBe(200);
      if (path === '/cart') expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(view(html), path).toBeNull();
      expect(html, path).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
      expect(html, path).not.toContain('marketkit-app');
    };
    // Screens it does not draw, and filtered or odd listings and products.
    for (const path of [
      '/cart',
      '/productListing?sort=discount',
      '/ProductDetails?productId=abc',
      '/ProductDetails?productId=5&x=1',
      '/?utm=1',
    ])
      await plain(path);
    // A shopper with a saved language or pincode (the boot script's cookie).
    await plain('/', { cookie: `a=b; ${VIEW_COOKIE}=app` });
    await plain('/', { cookie: `${VIEW_COOKIE}=off` });
    // A closed store, a store in another language, an unknown product, an empty list.
    handler = answering(answers({ 'validate-store': { store_status: false, store_id: 14 } }));
    await plain('/');
    handler = answering(
      answers({
        languages: {
          data: [{ language_code: 'ar', status: 1, is_default: true, writing_script_direction: 'RTL' }],
        },
      }),
    );
    await plain('/');
    handler = answering(answers({ 'products/5': undefined, products: { data: [], total_count: 0 } }));
    await plain('/ProductDetails?productId=5');
    await plain('/productListing');
  });

  it('is left out when the services host fails, answers badly or is slow, and the page does not wait', async () => {
    const broken: Record<string, Handler> = {
      'invalid JSON': (_, response) => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end('{"response_body": {');
      },
      'an HTML error page': (_, response) => {
        response.writeHead(502, { 'Content-Type': 'text/html' });
        response.end('<h1>502 Bad Gateway</h1>');
      },
      'an empty 200': (_, response) => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end();
      },
      'a dropped connection': (request) => request.socket.destroy(),
    };
    for (const [name, fail] of Object.entries(broken)) {
      handler = answering(answers({ 'content-settings': fail }));
      const { response, html } = await open('/');
      expect(response.status, name).toBe(200);
      expect(view(html), name).toBeNull();
    }
    let release = () => {};
    handler = answering(
      answers({
        languages: (_: IncomingMessage, response: ServerResponse) => {
          release = () => {
            response.writeHead(200, { 'Content-Type': 'application/json' });
            response.end(envelope(answers().languages));
          };
        },
      }),
    );
    const started = Date.now();
    const { html } = await open('/');
    expect(view(html)).toBeNull();
    expect(Date.now() - started).toBeLessThan(FIRST_VIEW_TIMEOUT_MS + 2000);
    release();
  });

  it('asks the services host once per page while the cached view is fresh', async () => {
    const address = upstream.address();
    const cached = await startStorefrontServer({
      servicesHost: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      root: join(base, 'dist'),
    });
    try {
      for (let i = 0; i < 3; i++)
        expect(view((await open('/productListing', {}, cached.port)).html)).not.toBeNull();
      expect(upstreamCalls.filter((call) => call.includes('/products?'))).toHaveLength(1);
    } finally {
      await cached.close();
    }
    let now = 0;
    const cache = firstViewCache({ ttlMs: 10, limit: 2, now: () => now });
    let draws = 0;
    const draw = async () => ++draws;
    expect(await cache('a', draw)).toBe(1);
    expect(await cache('a', draw)).toBe(1);
    now = 11;
    expect(await cache('a', draw)).toBe(2);
    await cache('b', draw);
    await cache('c', draw); // over the limit: the oldest ('a') goes
    expect(await cache('a', draw)).toBe(5);
    expect(await cache('x', () => Promise.reject(new Error('down')))).toBeNull();
  });
});

describe('what the server and the app must agree on', () => {
  it.each([
    ['demo.localhost', null],
    ['SOUQ.example.com', null],
    ['127.0.0.1', null],
    ['localhost', null],
    ['[::1]', null],
    ['shop_x.example', null],
    ['demo.example', 'fixed'],
  ])('the store of %s (configured store %s)', async (host, store) => {
    const config = { store, defaultStore: 'demo' };
    expect(await serverStoreFromHost(host, config)).toBe(storeFromHost(host, config));
  });

  it('names the same cookie and draws only the screens the routes give those paths', () => {
    expect(BOOT_VIEW_COOKIE).toBe(VIEW_COOKIE);
    expect(firstViewScreen('/', '')).toEqual({ kind: 'home' });
    expect(firstViewScreen('/productListing', '')).toEqual({ kind: 'listing' });
    expect(firstViewScreen('/ProductDetails', '?productId=12')).toEqual({ kind: 'product', productId: 12 });
    for (const [path, search] of [
      ['/ProductDetails', '?productId=012'],
      ['/ProductDetails', '?productId=0'],
      ['/ProductDetails', '?productId=1e3'],
      ['/productlisting', ''],
      ['/cart', ''],
    ] as const)
      expect(firstViewScreen(path, search)).toBeNull();
  });
});
