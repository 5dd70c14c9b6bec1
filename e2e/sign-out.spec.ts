import { useStorefront } from './support/servers.ts';
import { signInInBrowser } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

// Sign-out ends on / — unless the shopper has gone somewhere else while it was under way: the app's
// own move to / never replaces a page the shopper asked for.
const storefront = useStorefront();
// A sign-in, two pages and a sign-out: up to ~40 s on a loaded 2-core machine (measured at load 27).
test.describe.configure({ timeout: 60_000 });
test.beforeEach(async () => {
  expect((await fetch(`${storefront.sandboxUrl()}/__sandbox/reset`, { method: 'POST' })).ok).toBe(true);
});

// fixme: on main d4f315f and on this branch alike, a document navigation to / starts as soon as the
// logout call is sent (before its answer), from outside the header's handler, so the old page's held
// call never answers. The header no longer moves to / after a shopper's own navigation; the earlier
// move is still to be found (issue 29 point 7).
test.fixme('a page the shopper opens while sign-out is under way stays open', async ({ page }) => {
  const origin = await signInInBrowser(page, storefront.origin('demo'));
  await page.goto(`${origin}/productListing`);
  // The services host answers the sign-out only once the shopper has moved on.
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/ums/rest/v3/session-logout', async (route) => {
    await answered;
    await route.continue();
  });
  await page.getByRole('button', { name: /^Account menu of/ }).click();
  const signedOut = page.waitForResponse('**/ums/rest/v3/session-logout');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: /^Cart/ }).click();
  await expect(page).toHaveURL(`${origin}/cart`);
  answer();
  await signedOut;
  // The session is over, and the shopper is still where they went (once the network is quiet, any
  // move to / the sign-out would have made has been made).
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveURL(`${origin}/cart`);
});

test('sign-out with nothing else going on ends on /', async ({ page }) => {
  const origin = await signInInBrowser(page, storefront.origin('demo'));
  await page.goto(`${origin}/productListing`);
  await page.getByRole('button', { name: /^Account menu of/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});
