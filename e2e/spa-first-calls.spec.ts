import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request, Route } from '@playwright/test';
import { useSpaHost } from './support/servers.ts';
import { expect, test } from './support/test.ts';

// The SPA build's catalogue pages are prerendered: each page's file names its route's modules (asked
// with the app's, not after it) and carries its English texts, and its early script asks for the
// configuration, the store and (another language's) texts before any module has run; the app takes
// each of those answers once.
const spa = useSpaHost();
const origin = spa.origin;

const ASSETS = join(import.meta.dirname, '..', 'apps', 'storefront', 'build-spa', 'client', 'assets');

/** The built file holding a route's module, found by its source map (`src/pages/{name}.tsx`). */
function routeFile(name: string): string {
  const file = readdirSync(ASSETS)
    .filter((entry) => entry.endsWith('.js.map'))
    .find((entry) =>
      (JSON.parse(readFileSync(join(ASSETS, entry), 'utf8')) as { sources: string[] }).sources.some(
        (source) => source.endsWith(`src/pages/${name}.tsx`),
      ),
    );
  if (!file) throw new Error(`No built file holds src/pages/${name}.tsx (build the SPA: pnpm build:spa)`);
  return `/assets/${file.replace(/\.map$/, '')}`;
}

const PAGES = [
  { path: '/', route: 'home', heading: 'Everything for home, work and play' },
  { path: '/productListing', route: 'listing', heading: 'All products' },
  { path: '/ProductDetails?productId=1005', route: 'product', heading: 'Pulse Wireless Earbuds' },
] as const;

/** A request for this path (of any origin). */
const asked = (path: string) => new RegExp(`${path.replaceAll('.', '\\.')}$`);

/** The calls the first screen waits for, as the early script asks for them. */
const FIRST_CALLS = [
  /\/config\.json$/,
  /\/ums\/rest\/v3\/validate-store\?/,
  /\/pbs\/rest\/v3\/content-settings\?/,
  /\/pbs\/rest\/v3\/languages\?/,
];

/** Holds every script of the app until `release()`: what the page asks for meanwhile needs no module. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.+\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return {
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** Every request of the page, by URL (the page's own and the services host's). */
function recordRequests(page: Page) {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return { count: (pattern: RegExp) => requests.filter((request) => pattern.test(request.url())).length };
}

/** Asks the page's host for a path, from the page (the store's host name resolves in the browser only). */
const pageFile = (page: Page, path: string) => page.evaluate(async (url) => (await fetch(url)).text(), path);

for (const { path, route, heading } of PAGES)
  test(`${path}: the route's code and the store are asked for before any script has run, each once`, async ({
    page,
  }) => {
    const requests = recordRequests(page);
    const scripts = await holdScripts(page);
    await page.goto(`${origin('demo')}${path}`, { waitUntil: 'commit' });
    const firstCalls = [...FIRST_CALLS, asked(routeFile(route))];
    // All asked while no script of the app has been answered: from the page's file and its inline script.
    await expect
      .poll(() => firstCalls.filter((pattern) => requests.count(pattern) === 0).map(String))
      .toEqual([]);
    await scripts.release();
    // The first screen waits for the code and the store: sized for a loaded 2-core machine (as
    // e2e/spa.spec.ts).
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    for (const pattern of firstCalls) expect(requests.count(pattern), String(pattern)).toBe(1);
    // The page came with its English texts: none is asked for.
    expect(requests.count(/\/locales\/en\//)).toBe(0);
  });

test('a language from the path: its texts are asked for before any script has run, each once', async ({
  page,
}) => {
  const requests = recordRequests(page);
  const scripts = await holdScripts(page);
  await page.goto(`${origin('demo')}/fr/productListing`, { waitUntil: 'commit' });
  const texts = [/\/locales\/fr\/common\.json$/, /\/locales\/fr\/header\.json$/];
  await expect.poll(() => texts.filter((pattern) => requests.count(pattern) === 0).map(String)).toEqual([]);
  await scripts.release();
  // The first screen's wait, as above.
  await expect(page.getByRole('heading', { level: 1, name: 'Tous les produits' })).toBeVisible({
    timeout: 20_000,
  });
  await page.waitForLoadState('networkidle');
  for (const pattern of [...FIRST_CALLS, ...texts, /\/locales\/fr\/product_listing\.json$/])
    expect(requests.count(pattern), String(pattern)).toBe(1);
});

test('texts come from the host config.json names, on a prerendered page too', async ({ page }) => {
  // A tenant's texts elsewhere than the build's /locales: config.json says where, at run time. The
  // files are the host's own, fetched from Node (which cannot resolve the store's *.localhost name).
  const fromHost = (url: string, path?: [string, string]) => {
    const address = new URL(path ? url.replace(...path) : url);
    address.hostname = '127.0.0.1';
    return address.href;
  };
  await page.route(/\/config\.json$/, async (route) => {
    const built = (await (await route.fetch({ url: fromHost(route.request().url()) })).json()) as object;
    await route.fulfill({ json: { ...built, languageHost: '/tenant-texts' } });
  });
  await page.route(/\/tenant-texts\//, async (route) =>
    route.fulfill({
      response: await route.fetch({ url: fromHost(route.request().url(), ['/tenant-texts/', '/locales/']) }),
    }),
  );
  // French chosen on a visit before (the path's language is kept); then a prerendered page.
  await page.goto(`${origin('demo')}/fr/`);
  await expect(page.locator('html[lang="fr"]')).toBeAttached({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  const requests = recordRequests(page);
  await page.goto(`${origin('demo')}/productListing`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tous les produits' })).toBeVisible({
    timeout: 20_000,
  });
  await page.waitForLoadState('networkidle');
  for (const pattern of [/\/tenant-texts\/fr\/common\.json$/, /\/tenant-texts\/fr\/product_listing\.json$/])
    expect(requests.count(pattern), String(pattern)).toBe(1);
  // The page rendered at build time named the build's own host: not used.
  expect(requests.count(/\/locales\//)).toBe(0);
});

test('a page without its own file gets the shell, and its store calls start early too', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(`${origin('demo')}/cart`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Your cart', level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  for (const pattern of FIRST_CALLS) expect(requests.count(pattern), String(pattern)).toBe(1);
  const shell = await pageFile(page, '/no/such/page');
  expect(shell).toContain('data-rendered-path="/"');
  expect(shell).not.toContain(routeFile('listing'));
  expect(await pageFile(page, '/productListing')).toContain(routeFile('listing'));
});

test.describe('an early call that fails is asked again by the app', () => {
  for (const [failing, path, heading] of [
    [/\/config\.json$/, '/productListing', 'All products'],
    [/\/ums\/rest\/v3\/validate-store\?/, '/productListing', 'All products'],
    [/\/pbs\/rest\/v3\/languages\?/, '/productListing', 'All products'],
    [/\/locales\/fr\/product_listing\.json$/, '/fr/productListing', 'Tous les produits'],
  ] as const)
    test(`${failing}`, async ({ page }) => {
      const requests = recordRequests(page);
      let failed = 0;
      await page.route(failing, (route) =>
        failed++ === 0 ? route.abort('connectionreset') : route.continue(),
      );
      await page.goto(`${origin('demo')}${path}`, { waitUntil: 'commit' });
      // The first screen's wait, as above.
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('main [data-slot="product-card"]').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The early call, then the app's own: nothing lost, nothing asked a third time.
      expect(requests.count(failing)).toBe(2);
    });
});
