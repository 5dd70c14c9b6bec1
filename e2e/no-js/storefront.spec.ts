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

/** The code the sandbox last sent to `destination` (an e-mail address, or a phone with its extension). */
async function otpFor(destination: string): Promise<string> {
  const answer = await fetch(
    `${storefront.sandboxUrl()}/__sandbox/otp?destination=${encodeURIComponent(destination)}`,
  );
  expect(answer.ok).toBe(true);
  return ((await answer.json()) as { otp: string }).otp;
}

/** A 6-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Asks for a new code at once: the services host's wait is not over, and the page says so. */
async function resendTooEarly(page: import('@playwright/test').Page) {
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByLabel('6-digit code')).toHaveAccessibleDescription(/Wait \d+ seconds?/);
}

test('forgot password: a code, then a new password, which then signs the shopper in', async ({ page }) => {
  const origin = storefront.origin('demo');
  await page.goto(`${origin}/signin?redirect=%2Fcart`, NO_APP);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password', level: 1 })).toBeVisible();
  // An unknown account is refused on the page.
  await page.getByLabel('E-mail or phone number').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('alert')).toContainText('No account uses these details');
  await page.getByLabel('E-mail or phone number').fill('shopper@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/We sent a code to/)).toBeVisible();
  await resendTooEarly(page);
  const code = await otpFor('shopper@example.com');
  await page.getByLabel('6-digit code').fill(otherThan(code));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('6-digit code')).toHaveAccessibleDescription(/incorrect/);
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  // A weak password is refused by the page's own rule, in its words.
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Repeat the password').fill('short');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Use at least 8 characters')).toBeVisible();
  await page.getByLabel('New password').fill('Password789');
  await page.getByLabel('Repeat the password').fill('Password789');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password was changed. Sign in with the new one.');
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toEqual([]);
  // The password step after it starts with the account's identifier; the old password is gone.
  await expect(page.getByLabel('E-mail or phone number')).toHaveValue('shopper@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Password123');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: /./ }).first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Password789');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${origin}/cart`);
  const names = (await page.context().cookies()).map((cookie) => cookie.name).sort();
  expect(names).toEqual(['access_token', 'id_token', 'refresh_token']);
});

test('unlock: a locked account is unlocked with a code, then signs in', async ({ page }) => {
  const origin = storefront.origin('demo');
  await page.goto(`${origin}/signin`, NO_APP);
  await page.getByLabel('E-mail or phone number').fill('locked@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Password123');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(/locked/i);
  await page.getByRole('button', { name: 'Unlock your account' }).click();
  await expect(page.getByRole('heading', { name: 'Unlock your account', level: 1 })).toBeVisible();
  await page.getByLabel('E-mail or phone number').fill('locked@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/We sent a code to/)).toBeVisible();
  await resendTooEarly(page);
  await page.getByLabel('6-digit code').fill(await otpFor('locked@example.com'));
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('Your account is unlocked. Sign in again.');
  await expect(page.getByLabel('E-mail or phone number')).toHaveValue('locked@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Password123');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${origin}/`);
  const names = (await page.context().cookies()).map((cookie) => cookie.name).sort();
  expect(names).toEqual(['access_token', 'id_token', 'refresh_token']);
});

test('resend: a new code is refused until the wait is over, then sent, and it signs in', async ({ page }) => {
  // The services host's wait between codes is 30 s of real time (packages/sandbox/src/services/ums.ts),
  // waited once here, plus a page's worth of steps on a loaded 2-core machine.
  test.setTimeout(90_000);
  const origin = storefront.origin('demo');
  await page.goto(`${origin}/signin`, NO_APP);
  await page.getByRole('button', { name: 'One-time code' }).click();
  await page.getByLabel('E-mail or phone number').fill('shopper@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/We sent a code to/)).toBeVisible();
  await resendTooEarly(page);
  // The refusal changed nothing: the code step is still there, and its state travels on.
  await expect(page.getByText(/We sent a code to/)).toBeVisible();
  await page.waitForTimeout(31_000);
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByText(/A new code went to/)).toBeVisible();
  await page.getByLabel('6-digit code').fill(await otpFor('shopper@example.com'));
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${origin}/`);
  const names = (await page.context().cookies()).map((cookie) => cookie.name).sort();
  expect(names).toEqual(['access_token', 'id_token', 'refresh_token']);
});

test('sign-up: the e-mail address gets a code, the details create the account, the shopper is signed in', async ({
  page,
}) => {
  const origin = storefront.origin('demo');
  await page.goto(`${origin}/signup?redirect=%2Fcart`, NO_APP);
  await page.getByRole('radio', { name: 'E-mail address' }).check();
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('new.shopper@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('6-digit code')).toBeVisible();
  await resendTooEarly(page);
  await page.getByLabel('6-digit code').fill(await otpFor('new.shopper@example.com'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Verified: new.shopper@example.com')).toBeVisible();
  // The store's required consent left unticked: refused on the page, what was typed kept.
  await page.getByLabel('First name').fill('Nia');
  await page.getByLabel('Last name').fill('Naidoo');
  await page.getByLabel('Password (optional)').fill('Password456');
  await page.getByLabel('Repeat the password').fill('Password456');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Accept the required terms to create your account.')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Nia');
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toEqual([]);
  await page.getByLabel('Password (optional)').fill('Password456');
  await page.getByLabel('Repeat the password').fill('Password456');
  await page.getByRole('checkbox', { name: /Terms of service/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(`${origin}/cart`);
  const names = (await page.context().cookies()).map((cookie) => cookie.name).sort();
  expect(names).toEqual(['access_token', 'id_token', 'refresh_token']);

  // The new account's password works.
  await page.context().clearCookies();
  await page.goto(`${origin}/signin`, NO_APP);
  await page.getByLabel('E-mail or phone number').fill('new.shopper@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Password456');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${origin}/`);
});

test('sign-up: a step whose carried state was altered is refused plainly, not a server error', async ({
  page,
}) => {
  const origin = storefront.origin('demo');
  await page.goto(`${origin}/signup`, NO_APP);
  await page.getByRole('radio', { name: 'E-mail address' }).check();
  await page.getByRole('textbox', { name: 'E-mail address' }).fill('new.shopper@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByLabel('6-digit code')).toBeVisible();
  await page.getByLabel('6-digit code').fill(await otpFor('new.shopper@example.com'));
  await page
    .locator('input[name="identifier_type"]')
    .evaluate((input: HTMLInputElement) => input.setAttribute('value', 'fax'));
  const answer = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Continue' }).click();
  expect((await answer).status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText(
    'This step could not be continued (its details were missing or changed). Start it again.',
  );
  // Back at the first step, nothing created.
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toEqual([]);
});
