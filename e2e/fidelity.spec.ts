import { type SandboxServer, startSandboxServer } from '@marketkit/sandbox/node';
import type { Page } from '@playwright/test';
import { startStaticHost } from '../apps/storefront/server/static-host.mjs';
import { useStorefront } from './support/servers.ts';
import { expect, test } from './support/test.ts';

const storefront = useStorefront();

/** The services calls (`/api/…` through the storefront's proxy, or the services host itself) a page makes. */
function servicesCalls(page: Page) {
  const calls: URL[] = [];
  page.on('request', (request) => {
    if (request.resourceType() !== 'fetch') return;
    const url = new URL(request.url());
    if (/\/(pbs|ums|cfs|ofs|sos)\/rest\//.test(url.pathname)) calls.push(url);
  });
  return calls;
}

/**
 * Applies pincode 2001 on the listing, then opens /listCategories and waits for the footer's policies:
 * every call made once the pincode shows as applied carries it. The CPU is slowed (as on a busy
 * machine) so that the footer's idle-time query and the shopper's choice can interleave.
 */
async function pincodeJourney(page: Page, origin: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  // Once the app runs: this is about the calls, not about a form used before hydration.
  await page.goto(`${origin}/productListing`);
  const form = page.locator('form').filter({ has: page.getByLabel('Pincode') });
  await form.getByLabel('Pincode').fill('2001');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('active-pincode')).toContainText('2001');
  const calls = servicesCalls(page);
  const policies = page.waitForRequest((request) => request.url().includes('/pbs/rest/v3/policies'));
  await page.goto(`${origin}/listCategories`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  const footerCall = new URL((await policies).url());
  expect(footerCall.searchParams.get('pin-code'), footerCall.href).toBe('2001');
  await page.waitForLoadState('networkidle');
  expect(calls.length).toBeGreaterThan(0);
  for (const url of calls) expect(url.searchParams.get('pin-code'), url.href).toBe('2001');
}

test.describe('a pincode applied on the listing (every call carries the saved pincode)', () => {
  test('server-rendered app: /listCategories and its footer’s policies carry it', async ({ page }) => {
    await pincodeJourney(page, storefront.origin('demo'));
  });

  test.describe('SPA build', () => {
    let sandbox: SandboxServer;
    let host: Awaited<ReturnType<typeof startStaticHost>>;
    test.beforeAll(async () => {
      sandbox = await startSandboxServer({ port: 0, log: () => {} });
      host = await startStaticHost({ servicesHost: sandbox.url });
    });
    test.afterAll(async () => {
      await host.close();
      await sandbox.close();
    });
    test('SPA build: /listCategories and its footer’s policies carry it', async ({ page }) => {
      await pincodeJourney(page, `http://demo.localhost:${host.port}`);
    });
  });
});
