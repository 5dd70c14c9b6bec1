import { useSpaHost } from './support/servers.ts';
import { expect, test } from './support/test.ts';

// The SPA build (the framework's `ssr: false`) from a host of static files (a CDN): the browser draws
// every screen and calls the services host itself. Its inline scripts are allowed by hash.
const spa = useSpaHost();
const origin = spa.origin;

test('the app draws the store in the browser: home, a product, the cart, a language from the path', async ({
  page,
}) => {
  const html = await (await page.goto(origin('demo'), { waitUntil: 'commit' }))?.text();
  // The file is the same for every page: no screen, no texts in it.
  expect(html).not.toContain('Everything for home, work and play');
  // The browser draws the first screen after the configuration, the code and then the screen's texts
  // (React Router loads the code; the shell the texts its route names): 5–9 s measured on a loaded
  // 2-core machine.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Everything for home, work and play' }),
  ).toBeVisible({ timeout: 20_000 });
  await page.locator('main [data-slot="product-card"] a').first().click();
  await expect(page).toHaveURL(/\/ProductDetails\?productId=\d+/);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('link', { name: /^Cart/ }).click();
  await expect(page.getByRole('heading', { name: 'Your cart', level: 1 })).toBeVisible();
  await page.goto(`${origin('demo')}/fr/productListing`, { waitUntil: 'commit' });
  await expect(page).toHaveURL(`${origin('demo')}/productListing`);
  await expect(page.getByRole('heading', { name: 'Tous les produits', level: 1 })).toBeVisible();
});

test('a right-to-left store in Arabic, and an unknown path', async ({ page }) => {
  await page.goto(origin('souq'), { waitUntil: 'commit' });
  // The first screen's wait, as above.
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl', { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'أجود منتجات السوق إلى بابك' })).toBeVisible();
  await page.goto(`${origin('demo')}/no/such/page`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test.describe('a saved pincode (the pin-code query comes from it)', () => {
  for (const [path, shown] of [
    ['/listCategories', 'Categories'],
    ['/', 'Everything for home, work and play'],
  ] as const)
    test(`${path}: every call of the page's start carries it, the first ones too`, async ({ page }) => {
      await page.addInitScript(() =>
        localStorage.setItem(
          'pincode',
          JSON.stringify({ version: 1, data: { pincode: '2001', addressId: null } }),
        ),
      );
      const calls: URL[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.origin === new URL(spa.sandboxUrl()).origin && request.resourceType() === 'fetch')
          calls.push(url);
      });
      await page.goto(`${origin('demo')}${path}`, { waitUntil: 'commit' });
      // The first screen's wait, as above.
      await expect(page.getByRole('heading', { level: 1, name: shown })).toBeVisible({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      const paths = calls.map((url) => url.pathname);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/ums/rest/v3/validate-store',
          '/pbs/rest/v3/languages',
          '/pbs/rest/v3/content-settings',
        ]),
      );
      for (const url of calls) expect(url.searchParams.get('pin-code'), url.href).toBe('2001');
    });
});
