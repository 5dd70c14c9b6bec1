import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { refuseNext, toast } from './support/faults.ts';
import { useStorefront } from './support/servers.ts';
import { shopperApi } from './support/shopper-api.ts';
import { signInInBrowser } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

// The guest cart joining the server cart at sign-in (one GET, one POST, k PUTs; an entry
// the server refuses stays on the device with its message), in Chromium against the sandbox.
const storefront = useStorefront();

const CABLE = 1009; // Braided USB-C Cable
const BAMBOO = 1020; // Bamboo Cutting Board
const CART_PATH = '/cfs/rest/v3/customer-cart';

/** The guest puts a product in this device's cart from its page. */
async function guestAdds(page: Page, productId: number) {
  await page.goto(`${storefront.origin('demo')}/ProductDetails?productId=${productId}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Go to cart' })).toBeVisible();
}

/** Every call the page makes to the server cart (`GET`, `POST`, `PUT …`), in the order sent. */
function cartCallsOf(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    // The services host may sit under a path of the storefront's origin (`/api`).
    const { pathname } = new URL(request.url());
    if (pathname.endsWith(CART_PATH)) calls.push(request.method());
    else if (pathname.includes(`${CART_PATH}/`)) calls.push(`${request.method()} line`);
  });
  return calls;
}

test.beforeEach(async () => {
  await (await shopperApi(storefront.sandboxUrl(), 'demo')).clearCart();
});

test('[M5] the merge at sign-in reads the server cart once, sharing the header’s read', async ({ page }) => {
  const api = await shopperApi(storefront.sandboxUrl(), 'demo');
  await guestAdds(page, CABLE);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const calls = cartCallsOf(page);
  await signInInBrowser(page, storefront.origin('demo'));
  await expect.poll(() => api.quantityOf(CABLE)).toBe(1);
  // The header shows the merged cart once the server has it.
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect.poll(() => calls.length).toBe(3);
  // One read for the header and the merge, the merge's one write, then the merged cart is shown.
  expect(calls).toEqual(['GET', 'POST', 'GET']);
  expect(await page.evaluate(() => localStorage.getItem('guest_cart'))).not.toContain(`"productId":${CABLE}`);
});

test('[M3] an entry the server refuses at sign-in stays on the device with its message until removed', async ({
  page,
}) => {
  const api = await shopperApi(storefront.sandboxUrl(), 'demo');
  const message = 'Bamboo is not sold in your region';
  await guestAdds(page, BAMBOO);
  await refuseNext(storefront.sandboxUrl(), {
    method: 'POST',
    path: CART_PATH,
    status: 422,
    message: message,
  });
  const origin = await signInInBrowser(page, storefront.origin('demo'));
  // Said at once, in the server's words.
  await expect(toast(page, message)).toBeVisible();
  expect(await api.quantityOf(BAMBOO)).toBe(0);
  // Not a cart line: the cart has nothing in it.
  await expect(page.getByTestId('cart-count')).toHaveText('0');

  await page.goto(`${origin}/cart`);
  const refused = page.getByTestId('refused-line');
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText('Bamboo Cutting Board');
  await expect(refused.getByTestId('refused-message')).toHaveText(message);
  await expect(page.getByRole('heading', { name: 'Not added to your cart' })).toBeVisible();
  // Nothing can be checked out: the cart itself is empty.
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check out' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Still there after a reload, and not sent again.
  const calls = cartCallsOf(page);
  await page.reload();
  await expect(refused.getByTestId('refused-message')).toHaveText(message);
  expect(calls.filter((call) => call !== 'GET')).toEqual([]);

  await refused.getByRole('button', { name: 'Remove Bamboo Cutting Board' }).click();
  await expect(refused).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Not added to your cart' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('guest_cart'))).not.toContain(
    `"productId":${BAMBOO}`,
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByTestId('refused-line')).toHaveCount(0);
  expect(calls.filter((call) => call !== 'GET')).toEqual([]);
  expect(await api.quantityOf(BAMBOO)).toBe(0);
});

test('[M6] sign-in from the cart merges there; a merge the network drops says so on the cart, and "Try again" adds the line once', async ({
  page,
}) => {
  const api = await shopperApi(storefront.sandboxUrl(), 'demo');
  const origin = storefront.origin('demo');
  await guestAdds(page, CABLE);
  await page.goto(`${origin}/cart`);
  await page.getByRole('button', { name: 'Sign in to check out' }).click();
  await expect(page).toHaveURL(`${origin}/signin`);
  // The merge's write never reaches the services host, once.
  let dropped = 0;
  await page.route(
    (url) => url.pathname.endsWith(CART_PATH),
    (route) => {
      if (route.request().method() !== 'POST' || dropped > 0) return route.fallback();
      dropped += 1;
      return route.abort('internetdisconnected');
    },
  );
  const calls = cartCallsOf(page);
  await page.getByLabel('E-mail or phone number').fill('shopper@example.com');
  await page.getByLabel('Password').fill('Password123');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  // Back on the cart, where the merge ran and failed: said there, the line still on this device.
  await expect(page).toHaveURL(`${origin}/cart`);
  const failure = page.getByRole('alert').filter({ hasText: 'could not be added to your cart' });
  await expect(failure).toBeVisible();
  expect(dropped).toBe(1);
  expect(await api.quantityOf(CABLE)).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('guest_cart'))).toContain(`"productId":${CABLE}`);

  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(failure).toHaveCount(0);
  await expect.poll(() => api.quantityOf(CABLE)).toBe(1);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(
    page.getByRole('heading', { name: 'Braided USB-C Cable' }).or(page.getByText('Braided USB-C Cable')),
  ).not.toHaveCount(0);
  // Sent twice (the dropped write and the retry), never more.
  expect(calls.filter((call) => call === 'POST')).toEqual(['POST', 'POST']);
  expect(await page.evaluate(() => localStorage.getItem('guest_cart'))).not.toContain(`"productId":${CABLE}`);
});
