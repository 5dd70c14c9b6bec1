import type { Page } from '@playwright/test';
import { pageAtRest } from './support/api-calls.ts';
import { useStorefront } from './support/servers.ts';
import { lapseAccessCookies, signInAtRest } from './support/sign-in.ts';
import { expect, test } from './support/test.ts';

// A signed-in page opened after the access token lapsed (its cookie goes with it) while the refresh
// token is still valid: the session is renewed and the page asked for renders, never a detour to
// /signin; a refused renewal goes to /signin keeping the page; a renewal cut off is said, with a retry.
const storefront = useStorefront();

/** The access token lapses: the services host no longer takes it, and its cookies expire with it. */
async function lapseAccessToken(page: Page, options: { refreshToo?: boolean } = {}) {
  const response = await fetch(`${storefront.sandboxUrl()}/__sandbox/expire-tokens`, {
    method: 'POST',
    body: JSON.stringify({ refresh: options.refreshToo === true }),
  });
  expect(response.ok).toBe(true);
  await lapseAccessCookies(page);
}

/** Every address the page's main frame went to, from now on. */
function visited(page: Page) {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(new URL(frame.url()).pathname);
  });
  return urls;
}

const GUARDED = [
  ['/userprofile/myOrder', 'My orders'],
  ['/myProfile', 'My profile'],
  ['/customerAddress', 'Your addresses'],
  ['/WishList', 'Your wishlist'],
] as const;

for (const [path, heading] of GUARDED)
  test(`[R7] ${path} opened after the access token lapsed renews the session and shows the page asked for`, async ({
    page,
  }) => {
    const { origin, calls } = await signInAtRest(page, storefront.origin('demo'));
    await lapseAccessToken(page);
    const urls = visited(page);
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/ums/rest/v3/refresh-token')) refreshes.push(response.status());
    });
    await page.goto(`${origin}${path}`, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(`${origin}${path}`);
    expect(urls.filter((url) => url !== path)).toEqual([]);
    expect(refreshes).toContain(200);
    // And again on a reload, with the access token lapsed once more.
    await pageAtRest(page, calls);
    await lapseAccessToken(page);
    await page.reload({ waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    expect(urls.filter((url) => url !== path)).toEqual([]);
  });

test('[R8] a refused renewal goes to /signin and, once signed in, back to the page asked for', async ({
  page,
}) => {
  const { origin } = await signInAtRest(page, storefront.origin('demo'));
  await lapseAccessToken(page, { refreshToo: true });
  await page.goto(`${origin}/userprofile/myOrder`, { waitUntil: 'commit' });
  await expect(page).toHaveURL(`${origin}/signin`);
  await page.getByLabel('E-mail or phone number').fill('shopper@example.com');
  await page.getByLabel('Password').fill('Password123');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`${origin}/userprofile/myOrder`);
  await expect(page.getByRole('heading', { name: 'My orders', level: 1 })).toBeVisible();
});

test('[R8] a renewal cut off (no network) is said with a retry, and the retry shows the page asked for', async ({
  page,
}) => {
  const { origin } = await signInAtRest(page, storefront.origin('demo'));
  await lapseAccessToken(page);
  await page.route('**/ums/rest/v3/refresh-token', (route) => route.abort('internetdisconnected'));
  const urls = visited(page);
  await page.goto(`${origin}/userprofile/myOrder`, { waitUntil: 'commit' });
  const problem = page.getByRole('alert').filter({ hasText: 'Your session could not be renewed' });
  await expect(problem).toBeVisible();
  await expect(page).toHaveURL(`${origin}/userprofile/myOrder`);
  await page.unroute('**/ums/rest/v3/refresh-token');
  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'My orders', level: 1 })).toBeVisible();
  expect(urls.filter((url) => url !== '/userprofile/myOrder')).toEqual([]);
});
