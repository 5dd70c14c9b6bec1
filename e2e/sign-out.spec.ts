import type { Page, Response } from '@playwright/test';
import { heldCookieNames, realCookieNames } from '../apps/storefront/server/session-tokens.ts';
import { useStorefront } from './support/servers.ts';
import { signInInBrowser } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

// Sign-out ends on / — unless the shopper has gone somewhere else while it was under way: the app's
// own move to / never replaces a page the shopper asked for.
const storefront = useStorefront();
// A sign-in, two pages and a sign-out: up to ~40 s on a loaded 2-core machine (measured at load 27),
// within the default 90 s (playwright.config.ts).
test.beforeEach(async () => {
  expect((await fetch(`${storefront.sandboxUrl()}/__sandbox/reset`, { method: 'POST' })).ok).toBe(true);
});

// The logout call, with the query string the SDK adds (a glob without it never matches).
const LOGOUT = /\/ums\/rest\/v3\/session-logout(\?|$)/;
/** The HttpOnly cookies of the session's real tokens (plain http here), the previous refresh token's too. */
const REAL_TOKENS = heldCookieNames(false);
/**
 * The session's token cookies: the page's copies (`access_token`, …) and the real tokens the storefront's
 * server keeps HttpOnly and reads to render a signed-in page (apps/storefront/server/session-tokens.ts).
 */
const tokenCookies = async (page: Page, which: 'all' | 'copies' = 'all') =>
  (await page.context().cookies())
    .filter((cookie) => /token/i.test(cookie.name) || (which === 'all' && REAL_TOKENS.includes(cookie.name)))
    .map((cookie) => cookie.name);

/** The cookies a response deletes or sets, by name (its `Set-Cookie` headers). */
const cookiesSetBy = async (response: Response) =>
  (await response.headersArray())
    .filter((header) => header.name.toLowerCase() === 'set-cookie')
    .map((header) => header.value.slice(0, header.value.indexOf('=')));

/** A gate: `held` waits until `open()` (a reply the test lets through when it chooses). */
function gate() {
  let open: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { held, open };
}

/** Holds the logout call until `open()`. */
async function holdLogout(page: Page) {
  const logout = gate();
  await page.route(LOGOUT, async (route) => {
    await logout.held;
    await route.continue();
  });
  return logout;
}

test('a page the shopper opens while sign-out is under way stays open, already signed out', async ({
  page,
}) => {
  const origin = await signInInBrowser(page, storefront.origin('demo'));
  await page.goto(`${origin}/productListing`);
  // Signed in, the real tokens are among them: their absence below means something.
  expect(await tokenCookies(page)).toEqual(expect.arrayContaining(Object.values(realCookieNames(false))));
  // The services host answers the sign-out only once the shopper has moved on.
  const logout = await holdLogout(page);
  await page.getByRole('button', { name: /^Account menu of/ }).click();
  const signedOut = page.waitForResponse(LOGOUT);
  // Every call the page makes from the sign-out on: none may carry the old session.
  const authorized: string[] = [];
  page.on('request', (request) => {
    if (request.headers().authorization) authorized.push(request.url());
  });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: /^Cart/ }).click();
  await expect(page).toHaveURL(`${origin}/cart`);
  // Signed out locally before the services host has answered: no copies, a guest's page.
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await tokenCookies(page, 'copies')).toEqual([]);
  logout.open();
  const answer = await signedOut;
  expect(answer.ok()).toBe(true);
  // The logout's answer clears the real ones, which only the server can (its own Set-Cookie: a page
  // request would also clear tokens the page let go of).
  expect(await cookiesSetBy(answer)).toEqual(expect.arrayContaining(REAL_TOKENS));
  expect(await tokenCookies(page)).toEqual([]);
  // The shopper is still where they went (once the network is quiet, any move to / the sign-out
  // would have made has been made).
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(`${origin}/cart`);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(authorized).toEqual([]);
});

test('a page the shopper starts opening before the sign-out is answered is not replaced by /', async ({
  page,
}) => {
  const origin = await signInInBrowser(page, storefront.origin('demo'));
  await page.goto(`${origin}/productListing`);
  const logout = await holdLogout(page);
  // The cart screen's code arrives only when let through: the shopper's move to it is under way meanwhile.
  const cartCode = gate();
  const cartCodeAsked = gate();
  await page.route(/\/assets\/cart-[\w-]+\.js$/, async (route) => {
    cartCodeAsked.open();
    await cartCode.held;
    await route.continue();
  });
  await page.getByRole('button', { name: /^Account menu of/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('link', { name: /^Cart/ }).click();
  await cartCodeAsked.held;
  const signedOut = page.waitForResponse(LOGOUT);
  logout.open();
  await (await signedOut).finished();
  // Two turns of the page's event loop: the sign-out's own code has acted on the answer by then.
  for (let turn = 0; turn < 2; turn += 1)
    // A move to / ends the page's context: the address below then says so.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 0))).catch(() => undefined);
  cartCode.open();
  await expect(page).toHaveURL(`${origin}/cart`);
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(`${origin}/cart`);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('a sign-out whose logout call gets no answer leaves the shopper signed out on the page', async ({
  page,
}) => {
  const origin = await signInInBrowser(page, storefront.origin('demo'));
  await page.goto(`${origin}/productListing`);
  await page.route(LOGOUT, (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: /^Account menu of/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(`${origin}/productListing`);
  // The page's copies are gone at once; the real ones only the server can clear, and the logout call
  // never reached it: the next page it is asked for clears them, and is a guest's.
  expect(await tokenCookies(page, 'copies')).toEqual([]);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await tokenCookies(page)).toEqual([]);
});

test('sign-out from a signed-in page ends on /, not on the sign-in form', async ({ page }) => {
  const origin = await signInInBrowser(page, storefront.origin('demo'));
  await page.goto(`${origin}/myProfile`);
  await page.getByRole('button', { name: /^Account menu of/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('sign-out with nothing else going on ends on /', async ({ page }) => {
  const origin = await signInInBrowser(page, storefront.origin('demo'));
  await page.goto(`${origin}/productListing`);
  const signedOut = page.waitForResponse(LOGOUT);
  await page.getByRole('button', { name: /^Account menu of/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  // Once the logout is answered, no token is left: the page's copies nor the real ones, which its
  // answer clears.
  const answer = await signedOut;
  expect(answer.ok()).toBe(true);
  expect(await cookiesSetBy(answer)).toEqual(expect.arrayContaining(REAL_TOKENS));
  expect(await tokenCookies(page)).toEqual([]);
});
