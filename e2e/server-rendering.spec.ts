import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { pageHtml, useStorefront } from './support/servers.ts';
import { signInInBrowser } from './support/sign-in.ts';
import { expect, hydrated, test } from './support/test.ts';

// The storefront's server renders the real app; the browser hydrates it (decision 0008).
const storefront = useStorefront();

/** The services host's store and catalogue calls a page's browser makes (`/api/...` on its origin). */
function storeCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && request.resourceType() === 'fetch')
      calls.push(`${url.pathname.replace('/api', '')}${url.search}`);
  });
  return calls;
}

/** What the first screen of each page shows, which the server asked for. */
const FIRST_SCREEN =
  /validate-store|content-settings|\/languages|products\?.*is_deal|products\?sort=relevance|products\/1005|products\?.*page_number=1/;

test.describe('the HTML, before any script', () => {
  test('souq: the Arabic hero text, right to left', async () => {
    const html = await pageHtml(storefront.origin('souq'), '/');
    expect(html).toMatch(/<html lang="ar" dir="rtl"/);
    expect(html).toContain('أجود منتجات السوق إلى بابك');
    expect(html).toContain('<title>Online store | سوق الواحة</title>');
  });

  test('demo in French from the path, and in Hindi from the cookie the app keeps', async () => {
    const french = await pageHtml(storefront.origin('demo'), '/fr/');
    expect(french).toMatch(/<html lang="fr" dir="ltr"/);
    expect(french).toContain('Découvrir');
    const hindi = await pageHtml(storefront.origin('demo'), '/productListing', { cookie: 'mk_ln=hi' });
    expect(hindi).toMatch(/<html lang="hi" dir="ltr"/);
    expect(hindi).toContain('सभी उत्पाद');
  });

  test("a shopper's saved pincode: the listing the server renders is the one for that pincode", async ({
    page,
  }) => {
    const names = (html: string) =>
      [...html.matchAll(/data-slot="product-card"[\s\S]*?<h3[^>]*>([^<]+)</g)].map((match) => match[1]);
    // The lamp is delivered in Gauteng only.
    expect(names(await pageHtml(storefront.origin('demo'), '/productListing?search=lamp'))).toEqual([
      'Ceramic Table Lamp',
    ]);
    const elsewhere = await pageHtml(storefront.origin('demo'), '/productListing?search=lamp', {
      cookie: 'mk_pincode=9999',
    });
    expect(names(elsewhere)).toEqual([]);
    expect(elsewhere).toContain('No products match');
    // The app keeps the cookie in step with the pincode the shopper saves.
    await page.goto(`${storefront.origin('demo')}/productListing`);
    const pincodeForm = page.locator('form').filter({ has: page.getByLabel('Pincode') });
    await pincodeForm.getByLabel('Pincode').fill('400001');
    await pincodeForm.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(
        async () => (await page.context().cookies()).find((cookie) => cookie.name === 'mk_pincode')?.value,
      )
      .toBe('400001');
  });
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the home, listing and product pages are readable, and their links are plain links that work', async ({
    page,
  }) => {
    await page.goto(storefront.origin('demo'), { waitUntil: 'load' });
    await expect(
      page.getByRole('heading', { level: 1, name: 'Everything for home, work and play' }),
    ).toBeVisible();
    await expect(page.locator('main [data-slot="product-card"]').first()).toBeVisible();
    await page.getByRole('link', { name: 'Shop now' }).click();
    await expect(page).toHaveURL(`${storefront.origin('demo')}/productListing`);
    await expect(page.getByRole('heading', { level: 1, name: 'All products' })).toBeVisible();
    const first = page.locator('main [data-slot="product-card"] a').first();
    const name = (await first.textContent())?.trim() ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/ProductDetails\?productId=\d+/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByText(/ZAR [\d,]+\.\d\d/).first()).toBeVisible();
  });
});

test.describe('after hydration', () => {
  for (const [store, path] of [
    ['demo', '/'],
    ['demo', '/productListing'],
    ['demo', '/ProductDetails?productId=1005'],
    ['demo', '/fr/'],
    ['demo', '/fr/productListing'],
    ['souq', '/'],
    ['souq', '/productListing'],
    ['souq', '/ProductDetails?productId=2001'],
  ] as const)
    test(`${store}${path}: the browser asks again for nothing the first screen shows`, async ({ page }) => {
      const calls = storeCalls(page);
      await page.goto(`${storefront.origin(store)}${path}`);
      await page.waitForLoadState('networkidle');
      expect(calls.filter((call) => FIRST_SCREEN.test(call))).toEqual([]);
    });

  for (const path of ['/listCategories', '/'])
    test(`${path} with a saved pincode: every call the browser makes carries it (spec §7)`, async ({
      page,
      context,
    }) => {
      const origin = storefront.origin('demo');
      // Saved as the app saves it: in storage, and in the cookie the server reads.
      await context.addCookies([{ name: 'mk_pincode', value: '2001', url: origin }]);
      await page.addInitScript(() =>
        localStorage.setItem(
          'pincode',
          JSON.stringify({ version: 1, data: { pincode: '2001', addressId: null } }),
        ),
      );
      const calls = storeCalls(page);
      await page.goto(`${origin}${path}`);
      await page.waitForLoadState('networkidle');
      for (const call of calls) expect(new URL(call, origin).searchParams.get('pin-code'), call).toBe('2001');
    });

  test('a signed-in shopper: the frame on the server with their name, their data in the browser', async ({
    page,
  }) => {
    await signInInBrowser(page, storefront.origin('demo'));
    const html = await pageHtml(storefront.origin('demo'), '/userprofile/myOrder', {
      cookie: (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
    });
    expect(html).toMatch(/aria-label="Account menu of [^"]+"/);
    expect(html).toContain('role="status"');
    await page.goto(`${storefront.origin('demo')}/userprofile/myOrder`);
    await expect(page.getByRole('heading', { name: 'My orders', level: 1 })).toBeVisible();
  });

  test("the guest cart's count fills in after hydration, in a box that does not move", async ({ page }) => {
    await page.goto(`${storefront.origin('demo')}/ProductDetails?productId=1005`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.addInitScript(() => {
      const seen = { shift: 0 };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          seen.shift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const response = await page.goto(storefront.origin('demo'), { waitUntil: 'commit' });
    const html = (await response?.text()) ?? '';
    // The server knows nothing of the device's cart.
    expect(html).toMatch(/data-testid="cart-count"[^>]*>0</);
    const badge = page.getByTestId('cart-count');
    const before = await badge.boundingBox();
    await hydrated(page);
    await expect(badge).toHaveText('1');
    const after = await badge.boundingBox();
    expect(after?.x).toBe(before?.x);
    expect(after?.y).toBe(before?.y);
    expect(await page.evaluate(() => (window as unknown as { __seen: { shift: number } }).__seen.shift)).toBe(
      0,
    );
  });
});

test.describe('the first paint is the largest', () => {
  for (const viewport of [
    { name: 'phone', width: 412, height: 823 },
    { name: 'desktop', width: 1350, height: 940 },
  ])
    for (const [route, largest] of [
      ['/', 'main section img[fetchpriority="high"]'],
      ['/productListing', 'main [data-slot="product-card"] img'],
      ['/ProductDetails?productId=1005', 'main img[fetchpriority="high"]'],
    ] as const)
      test(`${route} on a ${viewport.name}: the server's picture is the largest paint, and nothing shifts`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        await page.addInitScript(() => {
          // What the server's HTML held: every element there when the document was parsed.
          const parsed = new WeakSet<Element>();
          document.addEventListener('DOMContentLoaded', () => {
            for (const element of document.querySelectorAll('*')) parsed.add(element);
          });
          const seen = { lcp: [] as { url: string; fromServer: boolean }[], shift: 0, moved: [] as string[] };
          (window as unknown as { __seen: typeof seen }).__seen = seen;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              url?: string;
              element?: Element;
            })[])
              seen.lcp.push({
                url: entry.url ?? '',
                fromServer: Boolean(entry.element && parsed.has(entry.element)),
              });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              sources: { node?: Node }[];
            })[]) {
              seen.shift += entry.value;
              for (const source of entry.sources)
                seen.moved.push((source.node as Element | undefined)?.outerHTML?.slice(0, 160) ?? '(text)');
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(`${storefront.origin('demo')}${route}`);
        const picture = page.locator(largest).first();
        await expect
          .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        await page.waitForTimeout(300);
        const seen = await page.evaluate(
          () =>
            (
              window as unknown as {
                __seen: { lcp: { url: string; fromServer: boolean }[]; shift: number; moved: string[] };
              }
            ).__seen,
        );
        // Every largest paint is of the server's HTML (hydration adds no larger one); on a phone the
        // largest is the picture itself.
        expect(seen.lcp.length).toBeGreaterThan(0);
        expect(
          seen.lcp.filter((entry) => !entry.fromServer),
          'largest paints after hydration',
        ).toEqual([]);
        if (viewport.name === 'phone')
          expect(seen.lcp.at(-1)?.url, 'the largest paint').toBe(
            await picture.evaluate((img: HTMLImageElement) => img.src),
          );
        expect(seen.shift, `moved: ${seen.moved.join('\n')}`).toBe(0);
      });
});

test.describe("React's development build: no hydration warning of any kind", () => {
  // React's development code reports attribute and text mismatches the production build ignores.
  const dev = useStorefront({ buildRoot: join(import.meta.dirname, '../apps/storefront/build-dev') });
  const paths = [
    ['demo', '/'],
    ['demo', '/productListing?sort=discount&page=2'],
    ['demo', '/ProductDetails?productId=1005'],
    ['demo', '/listCategories'],
    ['demo', '/cart'],
    ['demo', '/policies/returns'],
    ['demo', '/signin'],
    ['demo', '/no/such/page'],
    ['demo', '/fr/ProductDetails?productId=1010'],
    ['demo', '/hi/'],
    ['souq', '/'],
    ['souq', '/productListing'],
    ['bazaar', '/'],
    ['closed', '/'],
    // Back to English for the sign-in below.
    ['demo', '/en/'],
  ] as const;

  test('every route tested, as a guest and signed in', async ({ page }) => {
    // About 30 page loads through the dev server, each transformed on first use: 38 s at load 18 on two
    // cores, against the default 30 s. The limit only stops a run that hangs.
    test.setTimeout(240_000);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        warnings.push(`${page.url()}: ${message.text().split('\n')[0]}`);
    });
    for (const [store, path] of paths) await page.goto(`${dev.origin(store)}${path}`);
    await signInInBrowser(page, dev.origin('demo'));
    for (const path of ['/', '/userprofile/myOrder', '/WishList', '/ProductDetails?productId=1005'])
      await page.goto(`${dev.origin('demo')}${path}`);
    // Only the expected: the 404 of the unknown page itself.
    expect(warnings.filter((warning) => !/status of 404/.test(warning))).toEqual([]);
  });
});

test.describe("the server's data wait runs out: the page it sends hydrates as sent", () => {
  // A 1 ms wait and a services host 300 ms slow: every page goes out before its data, and the
  // browser completes it. React's development build reports any text that differs.
  const slow = useStorefront({
    buildRoot: join(import.meta.dirname, '../apps/storefront/build-dev'),
    dataTimeoutMs: 1,
    latencyMs: 300,
  });
  // Starting a sandbox and a development build's server took 31 s on a loaded two-core machine.
  test.describe.configure({ timeout: 120_000 });

  for (const path of ['/', '/productListing', '/ProductDetails?productId=1005'])
    test(`${path} renders its data once it comes, with no hydration problem`, async ({ page }) => {
      await page.goto(`${slow.origin('demo')}${path}`);
      // The page completes in the browser (the hydrationProblems fixture fails the test on any).
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    });
});
