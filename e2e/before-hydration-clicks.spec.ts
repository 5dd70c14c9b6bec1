import type { Page } from '@playwright/test';
import { openBeforeHydration } from './support/before-hydration.ts';
import { useStorefront } from './support/servers.ts';
import { shopperApi } from './support/shopper-api.ts';
import { signInInBrowser } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

// Controls that need code, used between the first paint and the moment the app's code runs (held back
// here, with the CPU slowed as on a phone): the tap is replayed once the code runs, exactly once, with
// the same feedback as a live one; a choice made on the page is kept. Each test acts as soon as the
// control is visible, lets the code through, then checks the outcome on screen and on the server.
// A page on a 4x slower CPU may take up to 45 s to hydrate on a loaded 2-core machine (release()'s
// limit), after a sign-in through the browser: 30 s per test is not enough there.
test.describe.configure({ timeout: 90_000 });
const storefront = useStorefront();
test.beforeEach(async () => {
  expect((await fetch(`${storefront.sandboxUrl()}/__sandbox/reset`, { method: 'POST' })).ok).toBe(true);
});

const CABLE = 1009; // a physical product in stock
const PLUMBING = 1039; // a service booked by slot
const product = (id: number) => `${storefront.origin('demo')}/ProductDetails?productId=${id}`;
const api = () => shopperApi(storefront.sandboxUrl(), 'demo');

/** Opens `url` with its code held back; `act` runs before the code, then the code is let through. */
async function beforeCode(page: Page, url: string, act: () => Promise<void>) {
  const code = await openBeforeHydration(page, url);
  await act();
  expect(code.held().length, 'the page asked for its code and was made to wait').toBeGreaterThan(0);
  await code.release();
}

/** The first slot that can be booked, as a shopper sees it (a radio not switched off). */
const firstFreeSlot = (page: Page) => page.locator(`input[name="slot-${PLUMBING}"]:not([disabled])`).first();

test.describe('a guest', () => {
  test('add to cart tapped before the code runs: the product is in the cart once', async ({ page }) => {
    await beforeCode(page, product(CABLE), () => page.getByRole('button', { name: 'Add to cart' }).click());
    await expect(page.locator('[data-slot="toast"]').filter({ hasText: 'Added to cart' })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.getByRole('link', { name: 'Go to cart' }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line').locator('output')).toHaveText('1');
  });

  test('two taps on "More", then add to cart: the quantity chosen goes in', async ({ page }) => {
    await beforeCode(page, product(CABLE), async () => {
      const more = page.getByRole('button', { name: 'More' });
      await more.click();
      await more.click();
      await page.getByRole('button', { name: 'Add to cart' }).click();
    });
    await expect(page.getByTestId('cart-count')).toHaveText('3');
    await page.getByRole('link', { name: 'Go to cart' }).click();
    await expect(page.getByTestId('cart-line').locator('output')).toHaveText('3');
  });

  test('a double tap on add to cart before the code runs adds the product once', async ({ page }) => {
    await beforeCode(page, product(CABLE), async () => {
      await page.getByRole('button', { name: 'Add to cart' }).dblclick();
    });
    await expect(page.getByRole('link', { name: 'Go to cart' })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
  });

  test('a slot picked before the code runs stays picked, and add to cart can be used', async ({ page }) => {
    let picked = '';
    await beforeCode(page, product(PLUMBING), async () => {
      const slot = firstFreeSlot(page);
      await slot.check();
      picked = (await slot.getAttribute('value')) ?? '';
    });
    const slot = page.locator(`input[name="slot-${PLUMBING}"][value="${picked}"]`);
    await expect(slot).toBeChecked();
    const add = page.getByRole('button', { name: 'Add to cart' });
    await expect(add).toBeEnabled();
    await add.click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    expect(await page.evaluate(() => localStorage.getItem('slot_selected'))).toContain(picked);
  });

  test('wishlist tapped before the code runs: sent to sign in, as a live tap is', async ({ page }) => {
    await beforeCode(page, product(CABLE), () =>
      page.getByRole('button', { name: 'Add to wishlist' }).click(),
    );
    await expect(page).toHaveURL(`${storefront.origin('demo')}/signin`);
  });

  test('buy now tapped before the code runs: the item is kept and sign-in comes first', async ({ page }) => {
    await beforeCode(page, product(CABLE), () => page.getByRole('button', { name: 'Buy now' }).click());
    await expect(page).toHaveURL(`${storefront.origin('demo')}/signin`);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('buy_now'))) ?? 'null')).toMatchObject({
      data: { productId: CABLE, quantity: 1 },
    });
  });
});

test('a right-to-left store: add to cart tapped before the code runs is done once, in its language', async ({
  page,
}) => {
  await beforeCode(page, `${storefront.origin('souq')}/ProductDetails?productId=2011`, () =>
    page.getByRole('button', { name: 'أضف إلى السلة' }).click(),
  );
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByRole('link', { name: 'انتقل إلى السلة' })).toBeVisible();
});

test.describe('a signed-in shopper', () => {
  test.beforeEach(async ({ page }) => {
    const shopper = await api();
    await shopper.clearCart();
    await shopper.clearWishlist();
    await signInInBrowser(page, storefront.origin('demo'));
  });

  test('add to cart tapped before the code runs: one line on the server', async ({ page }) => {
    await beforeCode(page, product(CABLE), () => page.getByRole('button', { name: 'Add to cart' }).click());
    await expect(page.locator('[data-slot="toast"]').filter({ hasText: 'Added to cart' })).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    expect(await (await api()).cart()).toMatchObject([{ product: CABLE, cart_quantity: 1 }]);
  });

  test('"More" then add to cart before the code runs: the server has the quantity chosen', async ({
    page,
  }) => {
    await beforeCode(page, product(CABLE), async () => {
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('button', { name: 'Add to cart' }).click();
    });
    await expect(page.getByTestId('cart-count')).toHaveText('2');
    expect(await (await api()).quantityOf(CABLE)).toBe(2);
  });

  test('wishlist tapped before the code runs: the wishlist holds the product once', async ({ page }) => {
    await beforeCode(page, product(CABLE), () =>
      page.getByRole('button', { name: 'Add to wishlist' }).click(),
    );
    await expect(
      page.locator('[data-slot="toast"]').filter({ hasText: 'Added to your wishlist' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'In your wishlist' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await (await api()).wishlist()).toEqual([CABLE]);
  });

  test('buy now tapped before the code runs lands at checkout', async ({ page }) => {
    await beforeCode(page, product(CABLE), () => page.getByRole('button', { name: 'Buy now' }).click());
    await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
  });

  test('a slot picked before the code runs goes into the server cart with the service', async ({ page }) => {
    let picked = '';
    await beforeCode(page, product(PLUMBING), async () => {
      const slot = firstFreeSlot(page);
      await slot.check();
      picked = (await slot.getAttribute('value')) ?? '';
    });
    await expect(page.locator(`input[name="slot-${PLUMBING}"][value="${picked}"]`)).toBeChecked();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    expect(await (await api()).cart()).toMatchObject([
      { product: PLUMBING, slot: { slot_id: Number(picked) } },
    ]);
  });

  test('"More" then buy now tapped before the code runs: checkout opens with the quantity chosen', async ({
    page,
  }) => {
    const started = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes('/checkout-journey'),
    );
    await beforeCode(page, product(CABLE), async () => {
      await page.getByRole('button', { name: 'More' }).click();
      await page.getByRole('button', { name: 'Buy now' }).click();
    });
    await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
    expect((await started).postDataJSON()).toMatchObject({
      source: 'buy_now',
      buy_now_item: { product_id: CABLE, quantity: 2 },
    });
  });
});
