import type { Page } from '@playwright/test';
import { startSdkPageHost } from './support/sdk-page-host.ts';
import { expect, test } from './support/test.ts';

// The SDK's cross-tab promises, checked where they can break: real tabs, real cookies, real Web Locks.
let host: Awaited<ReturnType<typeof startSdkPageHost>>;
test.beforeAll(async () => {
  host = await startSdkPageHost();
});
test.afterAll(async () => host.close());

async function openTab(page: Page) {
  await page.goto(host.origin);
  await page.evaluate(async () => {
    const sdk = await import(`${location.origin}/sdk.js`);
    const tokens = sdk.createCookieTokenStore();
    Object.assign(window, {
      tokens,
      client: sdk.createMarketClient({ servicesHost: location.origin, store: 'demo', tokens }),
    });
  });
}

const cartStatus = (page: Page) =>
  page.evaluate(async () => {
    const { client } = window as unknown as {
      client: { GET(path: string): Promise<{ response: Response }> };
    };
    return (await client.GET('/cfs/rest/v3/customer-cart')).response.status;
  });

test('[R5] two tabs with an expired access token refresh once, and both carry on', async ({ context }) => {
  const [tabA, tabB] = [await context.newPage(), await context.newPage()];
  await openTab(tabA);
  await openTab(tabB);
  await tabA.evaluate(async () => {
    const grant = await (await fetch('/test/grant')).json();
    (window as unknown as { tokens: { set(grant: unknown): void } }).tokens.set(grant);
  });

  const cookies = await context.cookies();
  for (const name of ['access_token', 'refresh_token', 'id_token']) {
    const cookie = cookies.find((candidate) => candidate.name === name);
    expect(cookie?.sameSite, name).toBe('Strict');
  }
  const lifetime = (name: string) =>
    Math.round((cookies.find((cookie) => cookie.name === name)?.expires ?? 0) - Date.now() / 1000);
  expect(Math.abs(lifetime('access_token') - 300)).toBeLessThan(5);
  expect(Math.abs(lifetime('refresh_token') - 1800)).toBeLessThan(5);

  for (let round = 1; round <= 5; round += 1) {
    host.expireAccessTokens();
    const before = host.stats.refreshCalls;
    expect(await Promise.all([cartStatus(tabA), cartStatus(tabB)]), `round ${round}`).toEqual([200, 200]);
    expect(host.stats.refreshCalls - before, `refreshes in round ${round}`).toBe(1);
  }
  expect(host.stats.reusedRefreshTokens).toBe(0);
});
