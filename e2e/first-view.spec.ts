import type { Page, Route } from '@playwright/test';
import { useStorefront } from './support/servers.ts';
import { expect, test } from './support/test.ts';

// The first view the storefront's server draws (scripts/first-view.mjs): on screen before the app's
// code runs, then replaced by the app's own screen in the same place, without a shift.
const storefront = useStorefront();

const SCREENS = [
  { route: '/', name: 'home', app: 'main img[fetchpriority="high"]' },
  { route: '/productListing', name: 'listing', app: 'main [data-slot="product-card"] img' },
  { route: '/ProductDetails?productId=1005', name: 'product', app: 'main article img[fetchpriority="high"]' },
] as const;
const VIEWPORTS = [
  { name: 'phone', width: 412, height: 823 },
  { name: 'desktop', width: 1350, height: 940 },
] as const;

/** Holds the app's entry script until `release` is called: the page shows only the first view. */
async function holdApp(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/index-*.js', (route) => (released ? route.continue() : held.push(route)));
  return {
    requested: () => held.length > 0,
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

type Box = { x: number; y: number; width: number; height: number };
const rounded = (box: Box | null) =>
  box && {
    x: Math.round(box.x),
    y: Math.round(box.y),
    width: Math.round(box.width),
    height: Math.round(box.height),
  };

for (const viewport of VIEWPORTS)
  for (const screen of SCREENS)
    test(`the ${screen.name} page (${viewport.name}): the first view shows before the app’s code, which then draws the same picture in the same place`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const app = await holdApp(page);
      const apiCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/') && request.resourceType() === 'fetch')
          apiCalls.push(request.url());
      });
      await page.addInitScript(() => {
        const seen = { lcp: [] as string[], shift: 0 };
        (window as unknown as { __seen: typeof seen }).__seen = seen;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { url?: string; element?: Element })[])
            seen.lcp.push(`${entry.element?.closest('#first-view') ? 'view' : 'app'} ${entry.url ?? ''}`);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
            seen.shift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // Not until `load`: the held-back entry keeps the page loading.
      await page.goto(`${storefront.origin('demo')}${screen.route}`, { waitUntil: 'domcontentloaded' });

      // Before the app: the view is painted, hidden from assistive technology, and asks for nothing.
      const view = page.locator('#first-view');
      const picture = view.locator('img[fetchpriority="high"]').last();
      await expect(picture).toBeVisible();
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      await expect.poll(app.requested).toBe(true);
      await expect(view).toHaveAttribute('aria-hidden', 'true');
      expect(await view.evaluate((element) => (element as HTMLElement).inert)).toBe(true);
      await expect(page.getByRole('main')).toHaveCount(0);
      await expect(page.getByRole('status')).toBeVisible(); // "Loading", for assistive technology
      const drawn = rounded(
        await (screen.name === 'listing'
          ? view.locator('img[fetchpriority="high"]').nth(1)
          : picture
        ).boundingBox(),
      );
      const header = rounded(await view.locator('> div').first().boundingBox());

      // The app takes over: the view goes in the commit that draws the screen.
      await app.release();
      await expect(view).toHaveCount(0);
      const shown = page.locator(screen.app).first();
      await expect(shown).toBeVisible();
      expect(rounded(await shown.boundingBox()), 'the picture').toEqual(drawn);
      expect(rounded(await page.locator('header').boundingBox())?.height, 'the header').toBe(header?.height);
      const seen = await page.evaluate(
        () => (window as unknown as { __seen: { lcp: string[]; shift: number } }).__seen,
      );
      // The page's largest paints are all the view's (its texts, then its picture where Chrome counts
      // it: a tiny SVG drawn large is not): nothing the app draws is larger.
      expect(seen.lcp.length, 'largest paints').toBeGreaterThan(0);
      expect(
        seen.lcp.filter((entry) => !entry.startsWith('view ')),
        'largest paints of the app',
      ).toEqual([]);
      expect(seen.shift).toBe(0);
      // The boot script took the store calls' answers from the page: none asked again.
      expect(
        apiCalls.filter((url) =>
          /validate-store|content-settings|\/languages|products\/1005|products\?sort=relevance/.test(url),
        ),
      ).toEqual([]);
    });

test('a shopper who chooses another language gets no first view from the next page on, and never English answers', async ({
  page,
}) => {
  const origin = storefront.origin('demo');
  const viewCookie = async () =>
    (await page.context().cookies()).find((cookie) => cookie.name === 'mk_view')?.value;
  await page.goto(origin);
  await expect(page.locator('header')).toBeVisible();
  expect(await viewCookie()).toBeUndefined();
  // Chosen in the app: the cookie follows at once (the next page's request goes out before pagehide).
  await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect.poll(viewCookie).toBe('app');
  const listing = await page.goto(`${origin}/productListing`);
  expect(await listing?.text()).not.toContain('id="first-view"');
  await expect(page.getByRole('heading', { name: 'Tous les produits', level: 1 })).toBeVisible();

  // Saved where the server cannot see it (the cookie gone, an old visit): the page may come with the
  // English view, but not with its answers: the app asks for the store in French.
  await page.context().clearCookies();
  const settings: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/content-settings')) settings.push(request.url());
  });
  const home = await page.goto(origin);
  expect(await home?.text()).toContain('id="first-view"');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('main')).toBeVisible();
  expect(settings.some((url) => url.includes('language-code=fr'))).toBe(true);
  expect(await viewCookie()).toBe('app');

  // Back to English: the cookie goes, and the next page has its first view again.
  await page.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(viewCookie).toBeUndefined();
  const again = await page.goto(`${origin}/productListing`);
  expect(await again?.text()).toContain('id="first-view"');
  await expect(page.getByRole('heading', { name: 'All products', level: 1 })).toBeVisible();
});

test('the app starts and works behind a view whose picture never comes', async ({ page }) => {
  let pictures = 0;
  await page.route('**/api/assets/demo/hero.svg', () => {
    pictures += 1; // never answered
  });
  // Not until `load`, which waits for the picture.
  await page.goto(storefront.origin('demo'), { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#first-view')).toHaveCount(0);
  expect(pictures).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Shop now' }).click();
  await expect(page.getByRole('heading', { name: 'All products', level: 1 })).toBeVisible();
});
