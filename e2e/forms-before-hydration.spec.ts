import { openBeforeHydration } from './support/before-hydration.ts';
import { useStorefront } from './support/servers.ts';
import { sentCode } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

// What a shopper does in a form or on a link between the first paint and the moment the app's code
// runs is kept and takes effect: links and GET forms navigate as HTML does, POST forms reach the
// route's action, and a choice left in a field is applied once the code runs. Each test opens the page
// with the code held back (and the CPU slowed as on a phone), acts as soon as the control is visible,
// lets the code through, then checks the outcome after hydration.
const storefront = useStorefront();
// Each test loads a page twice with a 4x slowed CPU and waits for hydration (up to ~20 s on a loaded
// 2-core machine, support/before-hydration.ts): the default 90 s (playwright.config.ts) is four times that.
test.beforeEach(async () => {
  expect((await fetch(`${storefront.sandboxUrl()}/__sandbox/reset`, { method: 'POST' })).ok).toBe(true);
});

/** A card's title on the listing. */
const titles = (page: import('@playwright/test').Page) => page.locator('[data-slot="product-card"] h3');

test('sign-up: the method picked before the code runs stays picked after it', async ({ page }) => {
  const code = await openBeforeHydration(page, `${storefront.origin('demo')}/signup`);
  await page.getByRole('radio', { name: 'E-mail address' }).check();
  expect(code.held().length, 'the page asked for its code and was made to wait').toBeGreaterThan(0);
  await code.release();
  await expect(page.getByRole('radio', { name: 'E-mail address' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toBeVisible();
});

test('sign-in: a password sign-in submitted before the code runs signs the shopper in', async ({ page }) => {
  const origin = storefront.origin('demo');
  const code = await openBeforeHydration(page, `${origin}/signin?redirect=%2Fcart`);
  await page.getByLabel('E-mail or phone number').fill('shopper@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Password123');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  // The form went to the route's action, which signed in and sent the shopper to the return path.
  await expect(page).toHaveURL(`${origin}/cart`);
  await code.release();
  await expect(page.getByRole('button', { name: /Account menu of/ })).toBeVisible();
  expect(page.url(), 'the password never travels in an address').not.toContain('Password123');
});

test('sign-in: a wrong password submitted before the code runs says so and stores nothing', async ({
  page,
}) => {
  const origin = storefront.origin('demo');
  const code = await openBeforeHydration(page, `${origin}/signin`);
  await page.getByLabel('E-mail or phone number').fill('shopper@example.com');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await code.release();
  await expect(page.getByRole('alert').filter({ hasText: /./ }).first()).toBeVisible();
  await expect(page).toHaveURL(`${origin}/signin`);
  await expect(page.getByLabel('E-mail or phone number')).toHaveValue('shopper@example.com');
  // Nothing of a session is stored (the language cookie is the app's own, written as it starts).
  const names = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(names.filter((name) => /token/.test(name))).toEqual([]);
});

test('forgot password: a reset done before the code runs holds, and the new password signs in', async ({
  page,
}) => {
  // Five pages loaded with a 4x slowed CPU before hydrating once: 42 s measured on a loaded 2-core
  // machine, so about twice that: the default 90 s (playwright.config.ts).
  const origin = storefront.origin('demo');
  const code = await openBeforeHydration(page, `${origin}/signin?redirect=%2Fcart`);
  // Every step is a form the browser sends itself: the step button, the code, the new password.
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByLabel('E-mail or phone number').fill('shopper@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/We sent a code to/)).toBeVisible();
  await page.getByLabel('6-digit code').fill(await sentCode(storefront.sandboxUrl(), 'shopper@example.com'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('New password').fill('Password789');
  await page.getByLabel('Repeat the password').fill('Password789');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password was changed. Sign in with the new one.')).toBeVisible();
  expect(code.held().length, 'the page asked for its code and was made to wait').toBeGreaterThan(0);
  await code.release();
  // Once the code runs, the page is where the action left it: the password step, the notice, the account.
  await expect(page.getByText('Your password was changed. Sign in with the new one.')).toBeVisible();
  await expect(page.getByLabel('E-mail or phone number')).toHaveValue('shopper@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Password789');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${origin}/cart`);
  await expect(page.getByRole('button', { name: /Account menu of/ })).toBeVisible();
});

test('search: text typed and submitted before the code runs shows its results', async ({ page }) => {
  const origin = storefront.origin('demo');
  const code = await openBeforeHydration(page, `${origin}/`);
  await page.getByRole('searchbox', { name: 'Search products' }).fill('lamp');
  await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
  await expect(page).toHaveURL(`${origin}/productListing?search=lamp`);
  await code.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “lamp”' })).toBeVisible();
  await expect(titles(page).first()).toContainText(/lamp/i);
});

test('listing: a sort picked before the code runs is applied once it runs', async ({ page }) => {
  const origin = storefront.origin('demo');
  const code = await openBeforeHydration(page, `${origin}/productListing`);
  await page.getByLabel('Sort by').selectOption('price_asc');
  await code.release();
  await expect(page).toHaveURL(`${origin}/productListing?sort=price_asc`);
  await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
});

test('listing: a category picked and applied before the code runs filters the list', async ({ page }) => {
  const origin = storefront.origin('demo');
  const code = await openBeforeHydration(page, `${origin}/productListing`);
  const category = page.getByLabel('Category');
  const option = await category.locator('option').nth(1).getAttribute('value');
  await category.selectOption(option ?? '');
  await page.getByRole('button', { name: 'Apply', exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`category=${option}`));
  await code.release();
  await expect(page).toHaveURL(new RegExp(`category=${option}`));
  await expect(page.getByLabel('Category')).toHaveValue(option ?? '');
});

test('listing: a price range applied before the code runs filters the list', async ({ page }) => {
  const origin = storefront.origin('demo');
  const code = await openBeforeHydration(page, `${origin}/productListing`);
  await page.getByLabel('Minimum').fill('100');
  await page.getByLabel('Maximum').fill('900');
  await page.getByLabel('Maximum').press('Enter');
  await expect(page).toHaveURL(/min=100/);
  await code.release();
  await expect(page).toHaveURL(/min=100/);
  await expect(page).toHaveURL(/max=900/);
  await expect(page.getByLabel('Minimum')).toHaveValue('100');
});

test('listing: a page number clicked before the code runs opens that page', async ({ page }) => {
  const origin = storefront.origin('demo');
  const code = await openBeforeHydration(page, `${origin}/productListing`);
  await page.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(`${origin}/productListing?page=2`);
  await code.release();
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
});

test('listing: a pincode applied before the code runs is kept and filters the list', async ({ page }) => {
  const origin = storefront.origin('demo');
  const code = await openBeforeHydration(page, `${origin}/productListing`);
  await page.getByLabel('Pincode').fill('2001');
  await page.getByLabel('Pincode').press('Enter');
  await code.release();
  await expect(page.getByTestId('active-pincode')).toHaveText('Showing what is delivered to 2001');
  await expect
    .poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'mk_pincode')?.value)
    .toBe('2001');
});

test('product: a pincode checked before the code runs is checked once it runs', async ({ page }) => {
  const origin = storefront.origin('demo');
  const code = await openBeforeHydration(page, `${origin}/ProductDetails?productId=1018`);
  await page.getByLabel('Pincode').fill('2001');
  await page.getByRole('button', { name: 'Check' }).click();
  await code.release();
  await expect(page.getByTestId('availability')).toHaveText(/Delivered to 2001 in about \d+ days/);
  await expect(page).toHaveURL(/productId=1018/);
});

test('language: a language chosen before the code runs is the page language once it runs', async ({
  page,
}) => {
  const origin = storefront.origin('demo');
  const code = await openBeforeHydration(page, `${origin}/productListing`);
  await page.getByLabel('Language').selectOption('fr');
  await code.release();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByLabel('Langue')).toHaveValue('fr');
});
