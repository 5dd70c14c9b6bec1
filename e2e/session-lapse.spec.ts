import { type MarketClient, unwrap } from '@marketkit/sdk';
import type { Page } from '@playwright/test';
import { pageAtRest } from './support/api-calls.ts';
import { useStorefront } from './support/servers.ts';
import { ensureAddress, placeBuyNowOrder, signedInShopper } from './support/shopper-client.ts';
import { lapseAccessCookies, signInAtRest } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

// A signed-in page opened after the access token lapsed (its cookie goes with it) while the refresh
// token is still valid: the session is renewed and the page asked for renders, never a detour to
// /signin; a refused renewal goes to /signin keeping the page; a renewal cut off is said, with a retry.
const storefront = useStorefront();

/** The access token lapses: the services host no longer takes it, and its cookies expire with it. */
async function lapseAccessToken(page: Page, options: { refreshToo?: boolean } = {}) {
  const response = await fetch(`${storefront.sandboxUrl()}/__sandbox/expire-tokens`, {
    method: 'POST',
    body: JSON.stringify({ refresh: options.refreshToo === true }),
  });
  expect(response.ok).toBe(true);
  await lapseAccessCookies(page);
}

/** Every address the page's main frame went to, from now on. */
function visited(page: Page) {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(new URL(frame.url()).pathname);
  });
  return urls;
}

// The seeded store's payment methods (packages/sandbox/src/seed/store-builder.ts) and a cable it delivers.
const CASH_ON_DELIVERY = 1;
const SECOND_PROVIDER = 3;
const CABLE = 1009;

/** A buy-now order of the cable, placed by the shopper through the services host, not yet paid. */
async function placedOrder(client: MarketClient, paymentMethodId: number) {
  const address = await ensureAddress(client);
  return (
    await placeBuyNowOrder(client, { productId: CABLE, addressId: address.address_id, paymentMethodId })
  ).order_id;
}

/** A guarded page that needs nothing of the shopper's: opened at its path, it shows its heading. */
const plain = (path: string, heading: string) => ({
  route: path,
  open: async () => ({ path, lands: path, heading }),
});

/**
 * The guarded routes, opened as the shopper has them: the ones that render something of theirs get it (a
 * checkout of theirs, the provider's return to `/payment`, which goes on to the order's status, an order).
 */
const GUARDED: {
  route: string;
  open: (shopper: () => Promise<MarketClient>) => Promise<{ path: string; lands: string; heading: string }>;
}[] = [
  plain('/userprofile/myOrder', 'My orders'),
  plain('/myProfile', 'My profile'),
  plain('/customerAddress', 'Your addresses'),
  plain('/WishList', 'Your wishlist'),
  {
    route: '/checkout/:id',
    open: async (shopper) => {
      const { checkout_id } = await unwrap(
        (await shopper()).POST('/flow-management/rest/v3/checkout-journey', {
          body: { source: 'buy_now', buy_now_item: { product_id: CABLE, quantity: 1 } },
        }),
      );
      return { path: `/checkout/${checkout_id}`, lands: `/checkout/${checkout_id}`, heading: 'Checkout' };
    },
  },
  {
    route: '/payment',
    open: async (shopper) => {
      const orderId = await placedOrder(await shopper(), SECOND_PROVIDER);
      return {
        path: `/payment?orderId=${orderId}`,
        lands: `/order-status?orderId=${orderId}`,
        heading: 'Payment not received',
      };
    },
  },
  {
    route: '/order-status',
    open: async (shopper) => {
      const orderId = await placedOrder(await shopper(), CASH_ON_DELIVERY);
      const path = `/order-status?orderId=${orderId}`;
      return { path, lands: path, heading: 'Order placed' };
    },
  },
];

for (const { route, open } of GUARDED)
  test(`[R7] ${route} opened after the access token lapsed renews the session and shows the page asked for`, async ({
    page,
  }) => {
    const { path, lands, heading } = await open(() => signedInShopper(storefront.sandboxUrl(), 'demo'));
    const { origin, calls } = await signInAtRest(page, storefront.origin('demo'));
    await lapseAccessToken(page);
    const urls = visited(page);
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/ums/rest/v3/refresh-token')) refreshes.push(response.status());
    });
    // Only the page asked for and where it leads by itself: never /signin, never /.
    const asked = [new URL(path, origin).pathname, new URL(lands, origin).pathname];
    await page.goto(`${origin}${path}`, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(`${origin}${lands}`);
    expect(urls.filter((url) => !asked.includes(url))).toEqual([]);
    expect(refreshes).toContain(200);
    // And again on a reload, with the access token lapsed once more.
    await pageAtRest(page, calls);
    await lapseAccessToken(page);
    await page.reload({ waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(`${origin}${lands}`);
    expect(urls.filter((url) => !asked.includes(url))).toEqual([]);
  });

test('[R8] a refused renewal goes to /signin and, once signed in, back to the page asked for', async ({
  page,
}) => {
  const { origin } = await signInAtRest(page, storefront.origin('demo'));
  await lapseAccessToken(page, { refreshToo: true });
  await page.goto(`${origin}/userprofile/myOrder`, { waitUntil: 'commit' });
  await expect(page).toHaveURL(`${origin}/signin`);
  await page.getByLabel('E-mail or phone number').fill('shopper@example.com');
  await page.getByLabel('Password').fill('Password123');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${origin}/userprofile/myOrder`);
  await expect(page.getByRole('heading', { name: 'My orders', level: 1 })).toBeVisible();
});

test('[R8] a renewal cut off (no network) is said with a retry, and the retry shows the page asked for', async ({
  page,
}) => {
  const { origin } = await signInAtRest(page, storefront.origin('demo'));
  await lapseAccessToken(page);
  await page.route('**/ums/rest/v3/refresh-token', (route) => route.abort('internetdisconnected'));
  const urls = visited(page);
  await page.goto(`${origin}/userprofile/myOrder`, { waitUntil: 'commit' });
  const problem = page.getByRole('alert').filter({ hasText: 'Your session could not be renewed' });
  await expect(problem).toBeVisible();
  await expect(page).toHaveURL(`${origin}/userprofile/myOrder`);
  await page.unroute('**/ums/rest/v3/refresh-token');
  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'My orders', level: 1 })).toBeVisible();
  expect(urls.filter((url) => url !== '/userprofile/myOrder')).toEqual([]);
});
