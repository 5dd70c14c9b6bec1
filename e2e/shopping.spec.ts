import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { useStorefront } from './support/servers.ts';
import { shopperApi } from './support/shopper-api.ts';
import { expect, test } from './support/test.ts';

const storefront = useStorefront();

/** What the journey reads on screen, per store language. */
const TEXTS = {
  demo: {
    allProducts: 'All products',
    category: 'Category',
    sort: 'Sort by',
    priceAsc: 'price_asc',
    page2: 'Page 2',
    addToCart: 'Add to cart',
    goToCart: 'Go to cart',
    cartTitle: 'Your cart',
    more: 'More',
    signInToCheckout: 'Sign in to check out',
    username: 'E-mail or phone number',
    password: 'Password',
    signIn: 'Sign in',
    addToWishlist: 'Add to wishlist',
    inWishlist: 'In your wishlist',
    wishlistTitle: 'Your wishlist',
    moveToCart: 'Move to cart',
    wishlistEmpty: 'Your wishlist is empty',
  },
  souq: {
    allProducts: 'كل المنتجات',
    category: 'الفئة',
    sort: 'الترتيب حسب',
    priceAsc: 'price_asc',
    page2: 'الصفحة 2',
    addToCart: 'أضف إلى السلة',
    goToCart: 'انتقل إلى السلة',
    cartTitle: 'سلتك',
    more: 'أكثر',
    signInToCheckout: 'سجّل الدخول لإتمام الشراء',
    username: 'البريد الإلكتروني أو رقم الهاتف',
    password: 'كلمة المرور',
    signIn: 'تسجيل الدخول',
    addToWishlist: 'أضف إلى المفضلة',
    inWishlist: 'في مفضلتك',
    wishlistTitle: 'مفضلتك',
    moveToCart: 'انقل إلى السلة',
    wishlistEmpty: 'مفضلتك فارغة',
  },
} as const;

const productIdOf = (url: string) => Number(new URL(url).searchParams.get('productId'));

async function journey(page: Page, store: 'demo' | 'souq', wishedProduct: number) {
  const text = TEXTS[store];
  const origin = storefront.origin(store);
  const api = await shopperApi(storefront.sandboxUrl(), store);
  await api.clearCart();
  await api.clearWishlist();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  // Browse, paginate, Back, filter.
  await page.goto(`${origin}/productListing`);
  await expect(page.getByRole('heading', { name: text.allProducts, level: 1 })).toBeVisible();
  await expect(page.locator('[data-slot="product-card"]')).toHaveCount(10);
  const firstTitle = page.locator('[data-slot="product-card"] h3').first();
  const firstPageFirst = await firstTitle.textContent();
  await page.getByRole('link', { name: text.page2 }).click();
  await expect(page).toHaveURL(`${origin}/productListing?page=2`);
  // The first page stays on screen until the second arrives: wait for it.
  await expect(firstTitle).not.toHaveText(firstPageFirst ?? '');
  const secondPageFirst = await firstTitle.textContent();
  await page.goBack();
  await expect(page).toHaveURL(`${origin}/productListing`);
  await expect(page.locator('[data-slot="product-card"] h3').first()).not.toHaveText(secondPageFirst ?? '');
  await page.getByLabel(text.sort).selectOption('price_asc');
  await expect(page).toHaveURL(/sort=price_asc/);
  const category = page.getByLabel(text.category);
  const option = await category.locator('option').nth(1).getAttribute('value');
  await category.selectOption(option ?? '');
  await expect(page).toHaveURL(new RegExp(`category=${option}`));

  // A product from the filtered list; its price is not the free one.
  const tile = page.locator('[data-slot="product-card"] a').last();
  await tile.click();
  await expect(page).toHaveURL(/\/ProductDetails\?productId=\d+/);
  const productId = productIdOf(page.url());
  await api.addToCart(productId, 2);
  await page.getByRole('button', { name: text.addToCart }).click();
  await expect(page.getByRole('link', { name: text.goToCart })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // The guest cart: 1 → 3.
  await page.getByRole('link', { name: text.goToCart }).click();
  await expect(page.getByRole('heading', { name: text.cartTitle, level: 1 })).toBeVisible();
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await line.getByRole('button', { name: text.more }).click();
  await line.getByRole('button', { name: text.more }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('3');

  // Sign in from the cart, come back to it: the guest 3 and the server 2 are now one line of 5.
  await page.getByRole('button', { name: text.signInToCheckout }).click();
  await expect(page).toHaveURL(`${origin}/signin`);
  await page.getByLabel(text.username).fill('shopper@example.com');
  await page.getByLabel(text.password).fill('Password123');
  await page.locator('form').getByRole('button', { name: text.signIn }).click();
  await expect(page).toHaveURL(`${origin}/cart`);
  await expect.poll(() => api.quantityOf(productId)).toBe(5);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-count')).toHaveText('5');
  expect(await page.evaluate(() => localStorage.getItem('guest_cart'))).not.toContain(
    `"productId":${productId}`,
  );

  // Wishlist, then move to the cart.
  await page.goto(`${origin}/ProductDetails?productId=${wishedProduct}`);
  await page.getByRole('button', { name: text.addToWishlist }).click();
  await expect(page.getByRole('button', { name: text.inWishlist })).toHaveAttribute('aria-pressed', 'true');
  await page.goto(`${origin}/WishList`);
  await expect(page.getByRole('heading', { name: text.wishlistTitle, level: 1 })).toBeVisible();
  await expect(page.getByTestId('wishlist-item')).toHaveCount(1);
  await page.getByRole('button', { name: text.moveToCart }).click();
  await expect(page.getByRole('heading', { name: text.wishlistEmpty })).toBeVisible();
  await expect.poll(() => api.quantityOf(wishedProduct)).toBe(1);
  await expect(page.getByTestId('cart-count')).toHaveText('6');
  expect(dialogs).toEqual([]);
}

test('the shopping journey: browse, filter, paginate, product, guest cart, sign in and merge, wishlist', async ({
  page,
}) => {
  await journey(page, 'demo', 1009);
});

test('the same journey in the right-to-left store', async ({ page }) => {
  await page.goto(storefront.origin('souq'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await journey(page, 'souq', 2011);
});

test('a product whose price is hidden shows no price anywhere', async ({ page }) => {
  const origin = storefront.origin('bazaar');
  // The amounts the services host knows for it must appear nowhere in the page: not in text, not in
  // attributes, not in totals.
  const detail = (await (
    await fetch(`${storefront.sandboxUrl()}/pbs/rest/v3/products/3005`, {
      headers: { realmname: 'bazaar-customer' },
    })
  ).json()) as { response_body: { final_price: number; product_price: number } };
  const amounts = [detail.response_body.final_price, detail.response_body.product_price].flatMap((value) => [
    value.toFixed(2),
    value.toLocaleString('en-US', { minimumFractionDigits: 2 }),
    value.toLocaleString('en-IN', { minimumFractionDigits: 2 }),
  ]);
  const leaks = async () => {
    const html = await page.content();
    return amounts.filter((amount) => html.includes(amount));
  };
  const noAmount = /INR\s?[\d,]+|₹\s?\d/;
  await page.goto(`${origin}/productListing?kind=request_item`);
  const hiddenTile = page.locator('[data-slot="product-card"]', { hasText: 'Pashmina Shawl' });
  await expect(hiddenTile).toContainText('Price on request');
  expect(await hiddenTile.textContent()).not.toMatch(noAmount);
  expect(await leaks()).toEqual([]);
  await page.goto(`${origin}/ProductDetails?productId=3005`);
  await expect(page.getByTestId('product-price')).toHaveText('Price on request');
  expect(await page.locator('main').textContent()).not.toMatch(noAmount);
  expect(await leaks()).toEqual([]);
  await page.getByRole('button', { name: 'Request' }).click();
  await page.goto(`${origin}/cart`);
  await expect(page.getByTestId('cart-line')).toContainText('Price on request');
  expect(await page.locator('main').textContent()).not.toMatch(noAmount);
  expect(await leaks()).toEqual([]);
});

test('delivery by pincode: an available and an unavailable pincode', async ({ page }) => {
  await page.goto(`${storefront.origin('demo')}/ProductDetails?productId=1018`);
  const pincode = page.getByLabel('Pincode');
  await pincode.fill('2001');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('availability')).toHaveText(/Delivered to 2001 in about \d+ days/);
  await pincode.fill('9001');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('availability')).toHaveText('Not delivered to 9001.');
});

test('a slot chosen for a service product appears with it in the cart', async ({ page }) => {
  await page.goto(`${storefront.origin('demo')}/ProductDetails?productId=1037`);
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  const slot = page.locator('input[type="radio"]:not([disabled])').first();
  const label = await slot.locator('xpath=..').getByTestId('slot-time').textContent();
  await slot.check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Go to cart' }).click();
  const start = (label ?? '').split('–')[0] ?? '';
  await expect(page.getByTestId('cart-slot')).toContainText(start);
});

test('[H1] hostile product text stays text and server HTML is sanitized', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const origin = storefront.origin('demo');
  await page.goto(`${origin}/productListing?search=Poster`);
  await expect(page.locator('[data-slot="product-card"] h3').first()).toHaveText(
    'Poster <img src=x onerror=alert(1)> "Art" & Co',
  );
  await page.goto(`${origin}/ProductDetails?productId=1069`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Poster <img src=x onerror=alert(1)> "Art" & Co',
  );
  const description = page.locator('[data-slot="rich-text"]').first();
  await expect(description).toContainText('Printed on matte paper.');
  await expect(
    description.locator('script, img, iframe, [onclick], [style], [href^="javascript"]'),
  ).toHaveCount(0);
  await page.getByText('Is it <b>framed</b>?').click();
  const answer = page.locator('details [data-slot="rich-text"]');
  await expect(answer).toContainText('No.');
  await expect(answer.locator('img, [onmouseover]')).toHaveCount(0);
  await expect(answer.locator('a')).toHaveAttribute('rel', /noopener/);
  await page.getByText('Click here').hover();
  expect(dialogs).toEqual([]);
});

test('coming back to a listing seen within the stale time asks the services host for nothing', async ({
  page,
}) => {
  const origin = storefront.origin('demo');
  await page.goto(`${origin}/productListing?sort=newest`);
  await expect(page.locator('[data-slot="product-card"]')).toHaveCount(10);
  const card = page.locator('[data-slot="product-card"] a').first();
  const name = (await card.locator('h3').textContent()) ?? '';
  await card.click();
  await expect(page).toHaveURL(/ProductDetails/);
  // The product's own page (the listing's heading may still be on screen as the address changes),
  // with what it loads when the browser is idle (its reviews and questions) in and answered.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Reviews' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const calls: string[] = [];
  // The app's calls, not pictures: the product page's gallery may still be loading its other
  // pictures as the shopper goes back.
  page.on('request', (request) => {
    if (request.url().includes('/api/') && ['fetch', 'xhr'].includes(request.resourceType()))
      calls.push(request.url());
  });
  await page.goBack();
  await expect(page.locator('[data-slot="product-card"]')).toHaveCount(10);
  expect(calls).toEqual([]);
});

test.describe('accessibility of the shopping screens (axe: no serious or critical violations)', () => {
  const screens = [
    ['demo', '/'],
    ['demo', '/listCategories'],
    ['demo', '/productListing'],
    ['demo', '/ProductDetails?productId=1005'],
    ['demo', '/ProductDetails?productId=1037'],
    ['souq', '/'],
    ['souq', '/productListing'],
    ['souq', '/ProductDetails?productId=2001'],
    ['bazaar', '/ProductDetails?productId=3005'],
  ] as const;
  for (const [store, path] of screens) {
    test(`${store}${path}`, async ({ page }) => {
      await page.goto(`${storefront.origin(store)}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the cart and the wishlist, signed in', async ({ page }) => {
    const api = await shopperApi(storefront.sandboxUrl(), 'demo');
    await api.clearCart();
    await api.addToCart(1005, 1);
    await page.goto(`${storefront.origin('demo')}/signin`);
    await page.getByLabel('E-mail or phone number').fill('shopper@example.com');
    await page.getByLabel('Password').fill('Password123');
    await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${storefront.origin('demo')}/`);
    for (const path of ['/cart', '/WishList']) {
      await page.goto(`${storefront.origin('demo')}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });
});
