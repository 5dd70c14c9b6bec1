import { useStorefront } from '../support/servers.ts';
import { expect, test } from '../support/test.ts';

// Without JavaScript every page is the server's: links and GET forms navigate, sign-in and sign-out
// are POSTs to the route's action.
const storefront = useStorefront();
test.beforeEach(async () => {
  expect((await fetch(`${storefront.sandboxUrl()}/__sandbox/reset`, { method: 'POST' })).ok).toBe(true);
});

// Without JavaScript no app takes the page over: nothing to wait for but the page itself.
const NO_APP = { waitUntil: 'load' } as const;

const cards = (page: import('@playwright/test').Page) => page.locator('[data-slot="product-card"]');

test('search, filters, sort and pages work as links and GET forms', async ({ page }) => {
  const origin = storefront.origin('demo');
  await page.goto(`${origin}/`, NO_APP);
  await page.getByRole('searchbox', { name: 'Search products' }).fill('lamp');
  await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
  await expect(page).toHaveURL(`${origin}/productListing?search=lamp`);
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “lamp”' })).toBeVisible();

  await page.goto(`${origin}/productListing`, NO_APP);
  await expect(cards(page)).toHaveCount(10);
  await page.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(`${origin}/productListing?page=2`);
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  await page.getByLabel('Sort by').selectOption('price_asc');
  await page
    .locator('form')
    .filter({ has: page.getByLabel('Sort by') })
    .getByRole('button', { name: 'Apply' })
    .click();
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');

  const category = page.getByLabel('Category');
  const option = (await category.locator('option').nth(1).getAttribute('value')) ?? '';
  await category.selectOption(option);
  await page
    .locator('form')
    .filter({ has: page.getByLabel('Category') })
    .getByRole('button', { name: 'Apply' })
    .click();
  await expect(page).toHaveURL(new RegExp(`category=${option}`));
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(page.getByLabel('Category')).toHaveValue(option);
});

test('a product page opens from the listing', async ({ page }) => {
  const origin = storefront.origin('demo');
  await page.goto(`${origin}/productListing`, NO_APP);
  await cards(page).first().locator('a').first().click();
  await expect(page).toHaveURL(/\/ProductDetails\?productId=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('sign-in: a wrong password says so and stores nothing; a hostile return path goes to /', async ({
  page,
}) => {
  const origin = storefront.origin('demo');
  await page.goto(`${origin}/signin?redirect=${encodeURIComponent('/\\evil.example')}`, NO_APP);
  await page.getByLabel('E-mail or phone number').fill('shopper@example.com');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: /./ }).first()).toBeVisible();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toEqual([]);

  await page.getByLabel('Password', { exact: true }).fill('Password123');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${origin}/`);
  const names = (await page.context().cookies()).map((cookie) => cookie.name).sort();
  expect(names).toEqual(['access_token', 'id_token', 'refresh_token']);
});

test('sign-in returns to a path of the site, and sign-out ends the session on /', async ({ page }) => {
  const origin = storefront.origin('demo');
  await page.goto(`${origin}/signin?redirect=%2Fcart`, NO_APP);
  await page.getByLabel('E-mail or phone number').fill('shopper@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Password123');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${origin}/cart`);
  // The account menu needs code to open: its sign-out form is sent as the page has it.
  await page.locator('form[action="/signin"]').evaluate((form: HTMLFormElement) => form.submit());
  await expect(page).toHaveURL(`${origin}/`);
  expect((await page.context().cookies()).filter((cookie) => /token/.test(cookie.name))).toEqual([]);
});

test('sign-up: the e-mail address gets a code, and the code moves on to the details', async ({ page }) => {
  const origin = storefront.origin('demo');
  await page.goto(`${origin}/signup`, NO_APP);
  await page.getByRole('radio', { name: 'E-mail address' }).check();
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('new.shopper@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('6-digit code')).toBeVisible();
  const answer = await fetch(
    `${storefront.sandboxUrl()}/__sandbox/otp?destination=${encodeURIComponent('new.shopper@example.com')}`,
  );
  expect(answer.ok).toBe(true);
  await page.getByLabel('6-digit code').fill(((await answer.json()) as { otp: string }).otp);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('First name')).toBeVisible();
  // The details step needs the page's code (consents, reCAPTCHA): it says so rather than fail silently.
  await expect(page.getByRole('note')).toContainText("This step needs the page's code");
});
