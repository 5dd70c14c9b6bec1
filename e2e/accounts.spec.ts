import type { Locator, Page } from '@playwright/test';
import { pageAtRest, watchApiCalls } from './support/api-calls.ts';
import { seriousViolations } from './support/axe.ts';
import { useStorefront } from './support/servers.ts';
import { expectTokensOutOfReach, sentCode, signInAtRest, signInInBrowser } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

// Accounts in Chromium against the sandbox: sign-up with a one-time code, sign-out and sign-in with a
// password or a code, a device that must be confirmed, a forgotten password, a locked account, wrong
// codes and passwords, sessions that expire or are revoked, and two tabs.
const storefront = useStorefront();
// Each test starts from the seed (one changes a password, another unlocks an account).
test.beforeEach(async () => {
  expect((await fetch(`${storefront.sandboxUrl()}/__sandbox/reset`, { method: 'POST' })).ok).toBe(true);
});

/** The code the sandbox sent (what the shopper would read on their phone or in their mail). */
const otpFor = (destination: string) => sentCode(storefront.sandboxUrl(), destination);

const expireTokens = (refresh: boolean) =>
  fetch(`${storefront.sandboxUrl()}/__sandbox/expire-tokens`, {
    method: 'POST',
    body: JSON.stringify({ refresh }),
  });

/** Signs out from the account menu; a confirmed sign-out reloads the page on /. */
async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu of/ }).click();
  await page.evaluate(() => Object.assign(window, { beforeSignOut: true }));
  await page
    .getByRole('menuitem', { name: 'Sign out' })
    .or(page.getByRole('button', { name: 'Sign out' }))
    .click();
  // A new document: the reload has happened, and nothing of the sign-out is still under way.
  await page.waitForFunction(() => !('beforeSignOut' in window));
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('sign up with a phone code → signed in → sign out → sign in with the new password', async ({ page }) => {
  const origin = storefront.origin('demo');
  await page.goto(`${origin}/signup`);
  await expect(page.getByRole('heading', { name: 'Create your account', level: 1 })).toBeVisible();
  // Header and footer are hidden here.
  await expect(page.locator('header')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await expect(page.getByLabel('Code')).toHaveValue('+91');
  await page.getByRole('textbox', { name: 'Phone number' }).pressSequentially('90000 12x34');
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('900001234');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('9000012345');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/We sent a code to .*2345/)).toBeVisible();
  // The resend waits for the server's countdown.
  await expect(page.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
  await expect(page.getByText(/You can ask for a new code in \d+ seconds?/)).toBeVisible();
  await page.getByLabel('6-digit code').fill('000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/code/i).and(page.locator('[id$="-error"]'))).toBeVisible();
  await page.getByLabel('6-digit code').fill(await otpFor('+919000012345'));
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('Verified: 9000012345')).toBeVisible();
  await page.getByLabel('First name').fill('Nia');
  await page.getByLabel('Last name').fill('Naidoo');
  await page.getByLabel('Password (optional)').fill('Password456');
  await page.getByLabel('Repeat the password').fill('Password457');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The passwords are not the same')).toBeVisible();
  await expect(page.getByText('Accept the required terms to create your account.')).toBeVisible();
  await page.getByLabel('Repeat the password').fill('Password456');
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.getByRole('button', { name: 'Account menu of Nia Naidoo' })).toBeVisible();

  await signOut(page);
  await expect(page).toHaveURL(`${origin}/`);
  await page.goto(`${origin}/signin`);
  await page.getByLabel('E-mail or phone number').fill('9000012345');
  await page.getByLabel('Password').fill('Password456');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.getByRole('button', { name: 'Account menu of Nia Naidoo' })).toBeVisible();
});

/** Every cookie (HttpOnly ones too) and every local-storage entry the page's origin holds. */
async function storedState(page: Page) {
  const cookies = (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).sort();
  const local = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage).sort()));
  return { cookies, local };
}

test('[7] a wrong password stores nothing: the cookies and local storage are as before the attempt', async ({
  page,
}) => {
  const origin = storefront.origin('demo');
  const calls = watchApiCalls(page);
  // The sign-in page has no footer to wait for: at rest is once the app runs and no call is under way
  // (the refused sign-in is one of the answered ones).
  const atRest = async () => {
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await expect.poll(() => calls.pending().underWay).toEqual([]);
  };
  await page.goto(`${origin}/signin`);
  // What the app keeps as it starts (its language…) is written before the attempt.
  await atRest();
  const before = await storedState(page);
  await page.getByLabel('E-mail or phone number').fill('shopper@example.com');
  await page.getByLabel('Password').fill('WrongPassword1');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(/Incorrect e-mail, phone number or password/);
  await atRest();
  expect(await storedState(page)).toEqual(before);
});

test('a wrong password and a wrong code say so and change nothing', async ({ page }) => {
  const origin = storefront.origin('demo');
  await page.goto(`${origin}/signin`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Fill this in').first()).toBeVisible();
  await page.getByLabel('E-mail or phone number').fill('shopper@');
  await page.getByLabel('Password').fill('whatever1');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Enter an e-mail address like name@example.com')).toBeVisible();
  await page.getByLabel('E-mail or phone number').fill('shopper@example.com');
  await page.getByLabel('Password').fill('WrongPassword1');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(/Incorrect e-mail, phone number or password/);
  await expect(page).toHaveURL(`${origin}/signin`);
  for (const name of ['access_token', 'mk_access'])
    expect(await page.context().cookies()).not.toContainEqual(expect.objectContaining({ name }));

  // One-time code sign-in: a wrong code is refused with the server's reason; the right one signs in.
  await page.getByRole('button', { name: 'One-time code' }).click();
  await page.getByLabel('E-mail or phone number').fill('shopper@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/We sent a code to/)).toBeVisible();
  await page.getByLabel('6-digit code').fill('12345');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('The code is 6 digits')).toBeVisible();
  const right = await otpFor('shopper@example.com');
  await page.getByLabel('6-digit code').fill(right === '000000' ? '111111' : '000000');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.locator('[id$="-error"]')).toBeVisible();
  await expect(page).toHaveURL(`${origin}/signin`);
  await page.getByLabel('6-digit code').fill(right);
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${origin}/`);
});

test('sign-up: a value the store refuses is said beside its field in the shopper’s words, never the server’s', async ({
  page,
}) => {
  const origin = storefront.origin('demo');
  const fieldOf = (input: Locator) => page.locator('[data-slot="field"]').filter({ has: input });
  await page.goto(`${origin}/signup`);
  await page.getByRole('textbox', { name: 'Phone number' }).fill('9000012399');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('6-digit code').fill(await otpFor('+919000012399'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Verified: 9000012399')).toBeVisible();
  await page.getByLabel('First name').fill('Nia');
  await page.getByLabel('Last name').fill('Naidoo');
  // Well formed, so the page sends it; the store already has an account with it.
  const email = page.getByLabel('E-mail address (optional)');
  await email.fill('shopper@example.com');
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: 'Create account' }).click();

  const message = 'This is already in use. Choose another.';
  await expect(fieldOf(email).getByRole('alert')).toHaveText(message);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(message);
  await expect(page.getByText('Some details are not valid. Check them and try again.')).toBeVisible();
  // The server's words ('An account with this e-mail already exists', 'Already used by another
  // account') are for developers.
  await expect(page.getByText(/already (exists|used)/i)).toHaveCount(0);
  await expect(page).toHaveURL(`${origin}/signup`);
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
});

test('an invalid phone extension is said under the extension, which the message describes', async ({
  page,
}) => {
  const origin = storefront.origin('demo');
  const message = 'Use + and up to 4 digits, for example +91';
  const fieldOf = (input: Locator) => page.locator('[data-slot="field"]').filter({ has: input });

  await page.goto(`${origin}/signin`);
  const extension = page.getByRole('textbox', { name: 'Code', exact: true });
  const identifier = page.getByLabel('E-mail or phone number');
  await extension.fill('91');
  await identifier.fill('9876543210');
  await page.getByLabel('Password').fill('Password123');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(fieldOf(extension).getByRole('alert')).toHaveText(message);
  await expect(extension).toHaveAttribute('aria-invalid', 'true');
  await expect(extension).toHaveAccessibleDescription(message);
  // The number itself is fine: no message under it, and it is not marked.
  await expect(fieldOf(identifier).getByRole('alert')).toHaveCount(0);
  await expect(identifier).not.toHaveAttribute('aria-invalid');
  await expect(page).toHaveURL(`${origin}/signin`);

  await page.goto(`${origin}/signup`);
  const signupExtension = page.getByRole('textbox', { name: 'Code', exact: true });
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await signupExtension.fill('0091');
  await phone.fill('9000012345');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(fieldOf(signupExtension).getByRole('alert')).toHaveText(message);
  await expect(signupExtension).toHaveAccessibleDescription(message);
  await expect(fieldOf(phone).getByRole('alert')).toHaveCount(0);
  await expect(phone).not.toHaveAttribute('aria-invalid');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a device the account does not trust is confirmed with a code, then trusted', async ({ page }) => {
  const origin = storefront.origin('demo');
  const signIn = async () => {
    await page.goto(`${origin}/signin`);
    await page.getByLabel('E-mail or phone number').fill('secure@example.com');
    await page.getByLabel('Password').fill('Password123');
    await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  };
  await signIn();
  await expect(page.getByRole('heading', { name: 'Confirm this device', level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('6-digit code').fill(await otpFor('secure@example.com'));
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(`${origin}/`);
  await signOut(page);
  // Trusted now: no code the second time.
  await signIn();
  await expect(page).toHaveURL(`${origin}/`);
});

test('a forgotten password is reset with a code; a locked account is unlocked with one', async ({ page }) => {
  const origin = storefront.origin('demo');
  await page.goto(`${origin}/signin`);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('E-mail or phone number').fill('9876543210');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/We sent a code to/)).toBeVisible();
  await page.getByLabel('6-digit code').fill(await otpFor('+919876543210'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Repeat the password').fill('short');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Use at least 8 characters')).toBeVisible();
  await page.getByLabel('New password').fill('Password789');
  await page.getByLabel('Repeat the password').fill('Password789');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password was changed. Sign in with the new one.')).toBeVisible();
  await page.getByLabel('E-mail or phone number').fill('shopper@example.com');
  await page.getByLabel('Password').fill('Password789');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${origin}/`);
  await signOut(page);

  await page.goto(`${origin}/signin`);
  await page.getByLabel('E-mail or phone number').fill('locked@example.com');
  await page.getByLabel('Password').fill('Password123');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(/locked/i);
  await page.getByRole('button', { name: 'Unlock your account' }).click();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/We sent a code to/)).toBeVisible();
  await page.getByLabel('6-digit code').fill(await otpFor('locked@example.com'));
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page.getByText('Your account is unlocked. Sign in again.')).toBeVisible();
  await page.getByLabel('Password').fill('Password123');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${origin}/`);
});

test('[R2] [K1] cookies are SameSite=Strict, the real tokens HttpOnly; an expired access token is invisible; a revoked refresh ends the session', async ({
  page,
}) => {
  const origin = await signInInBrowser(page, storefront.origin('demo'));
  // Page scripts hold copies only; the real tokens are HttpOnly (the BFF: server/session-tokens.ts).
  await expectTokensOutOfReach(page, storefront.sandboxUrl());
  const cookies = await page.context().cookies();
  for (const name of ['access_token', 'refresh_token', 'id_token', 'mk_access', 'mk_refresh', 'mk_id']) {
    const cookie = cookies.find((candidate) => candidate.name === name);
    expect(cookie?.sameSite, name).toBe('Strict');
    // http here; on https the cookie store adds Secure.
    expect(cookie?.secure, name).toBe(false);
  }
  const refreshes: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/ums/rest/v3/refresh-token')) refreshes.push(response.status());
  });
  const calls = watchApiCalls(page);
  await page.goto(`${origin}/WishList`);
  await expect(page.getByRole('heading', { name: 'Your wishlist', level: 1 })).toBeVisible();
  // Settled first: a call still in flight would meet the expired token, and its refresh could be cut
  // off by the next navigation after the services host had rotated the token (the page then holds
  // one that was used already, and the session ends). That race is noted on issue 9.
  await pageAtRest(page, calls);
  await expireTokens(false);
  await page.goto(`${origin}/userprofile/myOrder`);
  await expect(page.getByRole('heading', { name: 'My orders', level: 1 })).toBeVisible();
  await expect.poll(() => refreshes, { message: 'one refresh, answered' }).toEqual([200]);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Account menu of/ })).toBeVisible();
  // Settled again before the refresh token is revoked: the calls refused before the refresh are
  // replayed after it, and the footer asks for the store's policies once the page is idle. In a
  // fresh-clone run a replay still under way met the revoked token, and the session ended before the
  // shopper's click below, which then waited for a link a guest does not have.
  await pageAtRest(page, calls);

  await expireTokens(true);
  await page
    .getByRole('link', { name: /Wishlist/ })
    .first()
    .click();
  // The session is over: a guest on /, nothing of the old session on screen.
  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Account menu of/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Wishlist/ })).toHaveCount(0);
  for (const name of ['access_token', 'mk_access', 'mk_refresh'])
    expect(await page.context().cookies()).not.toContainEqual(expect.objectContaining({ name }));
});

test.describe('[R6] a refresh cut off by the page going away', () => {
  /**
   * Signed in, the access token refused: the page's refresh reaches the services host, which rotates
   * the refresh token, and its answer (with the new token) is held back from the page, as when the
   * page goes before it arrives. Resolves once the services host has answered.
   */
  async function refreshAnsweredButLost(page: Page) {
    const { origin } = await signInAtRest(page, storefront.origin('demo'));
    // At rest first: in a CI run a call of the home page made after the tokens expired (the footer's
    // policies, asked for once the page is idle) started the refresh, and the page was reloaded on /
    // before the shopper's click had left it.
    let answered: (status: number) => void = () => {};
    const rotated = new Promise<number>((resolve) => {
      answered = resolve;
    });
    await page.route(
      '**/ums/rest/v3/refresh-token',
      // Sent on from the test (to the same server by its address, so from that origin: the proxy
      // refuses a token-using call from any other), and never passed on to the page.
      async (route) => {
        const url = route.request().url().replace('://demo.localhost', '://127.0.0.1');
        const headers = { ...(await route.request().allHeaders()), origin: new URL(url).origin };
        answered((await route.fetch({ url, headers })).status());
      },
      { times: 1 },
    );
    await expireTokens(false);
    await page
      .getByRole('link', { name: /Wishlist/ })
      .first()
      .click();
    // The shopper is on the wishlist's address when the page goes: the route changes without waiting
    // for the page's calls, and it is this address that the reload must keep.
    await expect(page).toHaveURL(`${origin}/WishList`);
    expect(await rotated, 'the services host rotated the token').toBe(200);
    return origin;
  }

  test('a reload keeps the session', async ({ page }) => {
    const origin = await refreshAnsweredButLost(page);
    const renewed = page.waitForResponse((response) => response.url().includes('/ums/rest/v3/refresh-token'));
    await page.reload();
    expect((await renewed).status(), 'the next refresh, with the token the lost answer replaced').toBe(200);
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(`${origin}/WishList`);
    await expect(page.getByRole('heading', { name: 'Your wishlist', level: 1 })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('button', { name: /^Account menu of/ })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a closed tab keeps the session for the next one', async ({ context, page }) => {
    const origin = await refreshAnsweredButLost(page);
    await page.close();
    const next = await context.newPage();
    const renewed = next.waitForResponse((response) => response.url().includes('/ums/rest/v3/refresh-token'));
    await next.goto(`${origin}/userprofile/myOrder`);
    expect((await renewed).status(), 'the next refresh, with the token the lost answer replaced').toBe(200);
    await next.waitForLoadState('networkidle');
    await expect(next.getByRole('heading', { name: 'My orders', level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(next.getByRole('button', { name: /^Account menu of/ })).toBeVisible();
  });
});

test.describe('two tabs', () => {
  test('[R5] they refresh once, and signing out in one signs the other out', async ({ context }) => {
    const [tabA, tabB] = [await context.newPage(), await context.newPage()];
    const origin = await signInInBrowser(tabA, storefront.origin('demo'));
    await tabB.goto(`${origin}/WishList`);
    await expect(tabB.getByRole('heading', { name: 'Your wishlist', level: 1 })).toBeVisible();
    // What the token endpoint answered. A refresh the navigation below cuts off (a tab's page may be
    // asking something when it goes) has no answer: the services host may have rotated the token
    // already, and the next one, within its reuse window, still renews the session.
    const answered: number[] = [];
    for (const tab of [tabA, tabB])
      tab.on('response', (response) => {
        if (response.url().includes('/ums/rest/v3/refresh-token')) answered.push(response.status());
      });
    await expireTokens(false);
    await Promise.all([tabA.goto(`${origin}/userprofile/myOrder`), tabB.goto(`${origin}/WishList`)]);
    // Both tabs start at once and wait on the one refresh: allow for a busy machine.
    await expect(tabA.getByRole('heading', { name: 'My orders', level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(tabB.getByRole('heading', { name: 'Your wishlist', level: 1 })).toBeVisible({
      timeout: 15_000,
    });
    // Playwright reports a response as an event that can reach the test after the page has drawn what
    // followed it (one run at load 5 saw the headings with no answer recorded yet): poll, then check again
    // once both tabs have settled that no second refresh went out.
    await expect.poll(() => answered, { message: 'refresh calls answered' }).toEqual([200]);
    for (const tab of [tabA, tabB])
      await expect(tab.getByRole('button', { name: /^Account menu of/ })).toBeVisible();
    expect(answered, 'one refresh for both tabs').toEqual([200]);

    await tabA.bringToFront();
    await signOut(tabA);
    // Tab B follows without being touched: a guest again, on / (after sign-out, /).
    await expect(tabB).toHaveURL(`${origin}/`);
    await expect(tabB.getByRole('button', { name: /^Account menu of/ })).toHaveCount(0);
  });
});
