import { unwrap } from '@marketkit/sdk';
import { useStorefront } from './support/servers.ts';
import { signedInShopper } from './support/shopper-client.ts';
import { signInInBrowser } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

// A cart line holds at most 999: an add that cannot put all it asked for in the cart says how many the
// cart holds and why, never a plain "Added to cart".
const storefront = useStorefront();
const HOME_CHEF_EBOOK = 1048; // digital: 999 "in stock", so only the line's limit applies
// A sign-in, a product page and an add: up to ~35 s on a loaded 2-core machine (sign-out.spec.ts's
// measure), within the default 90 s (playwright.config.ts).
test.beforeEach(async () => {
  expect((await fetch(`${storefront.sandboxUrl()}/__sandbox/reset`, { method: 'POST' })).ok).toBe(true);
});

test('[C1] an add past the 999 a line holds says how many the cart holds and why', async ({ page }) => {
  const origin = await signInInBrowser(page, storefront.origin('demo'));
  await page.goto(`${origin}/ProductDetails?productId=${HOME_CHEF_EBOOK}`);
  const add = page.getByRole('button', { name: 'Add to cart', exact: true });
  await expect(add).toBeVisible();
  for (let clicks = 0; clicks < 4; clicks += 1)
    await page.getByRole('button', { name: 'More', exact: true }).click();
  await expect(page.locator('[data-slot="quantity"] output')).toHaveText('5');
  // The shopper's other device has put 998 of it in the same cart meanwhile.
  const otherDevice = await signedInShopper(storefront.sandboxUrl(), 'demo');
  await unwrap(
    otherDevice.POST('/cfs/rest/v3/customer-cart', {
      body: { customer_cart: [{ product: HOME_CHEF_EBOOK, cart_quantity: 998 }] },
    }),
  );
  await add.click();
  await expect(
    page.getByText('Your cart holds 999, the most one line can hold: not all 5 were added'),
  ).toBeVisible();
  await expect(page.getByText('Added to cart', { exact: true })).toHaveCount(0);
});
