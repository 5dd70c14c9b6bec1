import type { Page } from '@playwright/test';
import { useStorefront } from './support/servers.ts';
import { expect, test } from './support/test.ts';

const storefront = useStorefront();

const background = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

test('each store has its own title, theme colours and logo', async ({ page }) => {
  await page.goto(storefront.origin('demo'));
  await expect(page).toHaveTitle('Online store | Marketkit Demo Store');
  expect(await background(page, 'header')).toBe('rgb(2, 48, 71)');
  // A path on the page's origin: the same address in the server's HTML and in the browser's render.
  await expect(page.locator('header img')).toHaveAttribute('src', '/api/assets/demo/logo.svg');
  expect(
    await page.locator('header img').evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  await page.goto(storefront.origin('souq'));
  await expect(page).toHaveTitle('Online store | سوق الواحة');
  expect(await background(page, 'header')).toBe('rgb(124, 45, 18)');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();

  await page.goto(storefront.origin('bazaar'));
  await expect(page).toHaveTitle('Online store | Bazaar India');
  // Empty colours in the store settings fall back to the defaults.
  expect(await page.locator('html').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    'rgb(255, 255, 255)',
  );
});

test('a closed store shows the unavailable page; failing settings show the settings error page', async ({
  page,
}) => {
  await page.goto(storefront.origin('closed'));
  await expect(page.getByRole('heading', { name: 'This store is not available' })).toBeVisible();
  await page.goto(storefront.origin('broken'));
  // This test took 9.9 s at a load of 2–8 (fc16) and a load of 14–17 about doubles a page's load.
  await expect(page.getByRole('heading', { name: 'The store could not be loaded' })).toBeVisible({
    timeout: 30_000,
  });
});

test('guards: guests go to sign-in and come back to the page they wanted; signed-in shoppers skip sign-in', async ({
  page,
}) => {
  await page.goto(`${storefront.origin('demo')}/WishList?tab=all`);
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.locator('header')).toHaveCount(0);
  await page.getByLabel('E-mail or phone number').fill('shopper@example.com');
  await page.getByLabel('Password').fill('Password123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${storefront.origin('demo')}/WishList?tab=all`);
  await expect(page.getByRole('heading', { name: 'Your wishlist', level: 1 })).toBeVisible();
  await page.goto(`${storefront.origin('demo')}/signin`);
  await expect(page).toHaveURL(`${storefront.origin('demo')}/`);
  // A confirmed sign-out reloads the page on /.
  await page.getByRole('button', { name: 'Account menu of' }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Sign out' }).click()]);
  await expect(page).toHaveURL(`${storefront.origin('demo')}/`);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.goto(`${storefront.origin('demo')}/activeSessions`);
  await expect(page).toHaveURL(/\/signin$/);
});

// Hostile return paths: e2e/faults.spec.ts [H3].

test('an unknown path shows page not found', async ({ page }) => {
  await page.goto(`${storefront.origin('demo')}/no/such/page`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
