import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { BUILD } from '../apps/storefront/server/paths.ts';
import { scriptsLoaded } from './support/page-scripts.ts';
import { useStorefront } from './support/servers.ts';
import { expect, test } from './support/test.ts';

const storefront = useStorefront();

/** Code no first screen needs: each loads when the shopper asks for what it does. */
const ON_DEMAND = {
  toaster: /[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?sonner[\\/]/,
  dialog: /[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?@radix-ui[\\/]react-dialog[\\/]/,
  'tailwind-merge': /[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?tailwind-merge[\\/]/,
  // Loaded only while a payment flag is stored (src/shell/payment-return.tsx).
  'payment return check': /[\\/]hooks[\\/]src[\\/]react[\\/]use-payment-return\.ts$/,
};

/** The page's own scripts, as it asks for them from now on. */
function watchScripts(page: Page, origin: string) {
  const urls = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && request.url().startsWith(origin)) urls.add(request.url());
  });
  return urls;
}

/**
 * The sources each script holds (path → sources), read from the build's source maps (on disk: the
 * server does not serve them).
 */
async function sourcesOf(urls: Iterable<string>) {
  const held = new Map<string, string[]>();
  for (const url of urls) {
    const file = new URL(url).pathname;
    const map = join(BUILD, 'client', `${file}.map`);
    // React Router's route manifest is generated data, written without a map.
    if (!existsSync(map)) continue;
    held.set(file, (JSON.parse(await readFile(map, 'utf8')) as { sources: string[] }).sources);
  }
  return held;
}

/** Which of the on-demand parts the scripts hold. */
async function onDemandIn(urls: Iterable<string>) {
  const found = new Set<string>();
  for (const sources of (await sourcesOf(urls)).values())
    for (const [library, path] of Object.entries(ON_DEMAND))
      if (sources.some((source) => path.test(source))) found.add(library);
  return [...found].sort();
}

/**
 * Modules of the frame every page runs, from its entry and root route down to the SDK's transport:
 * they come in one file (the build's `app` group), not split by which routes also use each.
 */
const FRAME = [
  /[\\/]src[\\/]entry\.client\.tsx$/,
  /[\\/]src[\\/]root\.tsx$/,
  /[\\/]src[\\/]shell[\\/]header\.tsx$/,
  /[\\/]hooks[\\/]src[\\/]react[\\/]provider\.tsx$/,
  /[\\/]hooks[\\/]src[\\/]react[\\/]use-cart\.ts$/,
  /[\\/]sdk[\\/]src[\\/]transport\.ts$/,
];

/** Per frame module (by its index in FRAME), the scripts that hold it. */
async function frameFiles(urls: Iterable<string>) {
  const held = [...(await sourcesOf(urls))];
  return FRAME.map((path) =>
    held.filter(([, sources]) => sources.some((source) => path.test(source))).map(([file]) => file),
  );
}

test.describe('the first load', () => {
  test('the frame every page runs comes in one file', async ({ page }) => {
    const origin = storefront.origin('demo');
    const scripts = (await scriptsLoaded(page, `${origin}/productListing`)).map(
      (file) => `${origin}/${file}`,
    );
    const holders = await frameFiles(scripts);
    // Each module in exactly one loaded file, and that file the same for all of them.
    for (const files of holders) expect(files).toHaveLength(1);
    expect(new Set(holders.flat()).size).toBe(1);
  });

  for (const [store, path] of [
    ['demo', '/'],
    ['demo', '/productListing'],
    ['demo', '/ProductDetails?productId=1005'],
    ['souq', '/'],
  ] as const)
    test(`${store} ${path}: no toaster, dialog, tailwind-merge or payment return check until the network is quiet`, async ({
      page,
    }) => {
      const origin = storefront.origin(store);
      // Idle-time work included: what the page loads without the shopper doing anything.
      const scripts = (await scriptsLoaded(page, `${origin}${path}`)).map((file) => `${origin}/${file}`);
      expect(scripts.length).toBeGreaterThan(0);
      expect(await onDemandIn(scripts)).toEqual([]);
    });

  test('the first toast loads the toaster, and the toast shows', async ({ page }) => {
    const origin = storefront.origin('demo');
    const scripts = watchScripts(page, origin);
    await page.goto(`${origin}/ProductDetails?productId=1005`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.locator('[data-slot="toast"]').filter({ hasText: 'Added to cart' })).toBeVisible();
    expect(await onDemandIn(scripts)).toContain('toaster');
  });

  test('a toast whose code cannot be downloaded (the network dropped) is said all the same', async ({
    page,
  }) => {
    const origin = storefront.origin('demo');
    await page.goto(`${origin}/ProductDetails?productId=1005`);
    // About the toast, not about acting early: the page is whole before the network goes.
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await page.waitForLoadState('networkidle');
    await page.context().setOffline(true);
    // A guest's cart is on the device: the add works offline, and says so.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const said = page
      .locator('[data-slot="plain-toasts"] [data-slot="toast"]')
      .filter({ hasText: 'Added to cart' });
    await expect(said).toBeVisible();
    await expect(said).toHaveAttribute('role', 'status');
    await said.getByRole('button', { name: 'Close' }).click();
    await expect(said).toHaveCount(0);
    // Back online, the next toast loads the toaster as usual (another product: this one is in the cart).
    await page.context().setOffline(false);
    await page.goto(`${origin}/ProductDetails?productId=1009`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(
      page.locator('[data-slot="toast"]:not([data-slot="plain-toasts"] *)').filter({ hasText: /cart/ }),
    ).toBeVisible();
  });
});
