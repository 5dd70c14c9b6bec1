import type { Page, Request } from '@playwright/test';

/**
 * Network quiet = no request in flight for this long, once the root has committed. 1.5 s rather than
 * the bench's 0.8 s: on a loaded two-core machine a chunk imported while hydrating can be asked for
 * more than a second after the previous answer, and a late critical chunk must not be missed.
 */
export const QUIET_MS = 1_500;
/**
 * How long a page may keep the network busy before the wait gives up and names what is still in
 * flight: a page that never goes quiet (a poll, a request that hangs) is a finding, not a test
 * timeout. 45 s leaves room inside the test's 90 s for the page load before it on a loaded machine.
 */
const QUIET_LIMIT_MS = 45_000;

/**
 * The own-origin scripts a fresh visit to `url` loads without interaction, as paths without the
 * leading slash: until the root has committed (`<html data-hydrated>`) and then no request has been
 * in flight for QUIET_MS. Idle-time work is included: it is what the page loads on its own.
 */
export async function scriptsLoaded(page: Page, url: string): Promise<string[]> {
  const origin = new URL(url).origin;
  const scripts = new Set<string>();
  // By request, not URL: two requests for one address can be in flight at once.
  const inFlight = new Set<Request>();
  let lastActivity = Date.now();
  page.on('request', (request) => {
    inFlight.add(request);
    lastActivity = Date.now();
    const address = new URL(request.url());
    if (address.origin === origin && request.resourceType() === 'script')
      scripts.add(address.pathname.slice(1));
  });
  const settled = (request: Request) => {
    inFlight.delete(request);
    lastActivity = Date.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  const limit = Date.now() + QUIET_LIMIT_MS;
  while (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
    if (Date.now() > limit)
      throw new Error(
        `${url} kept the network busy for ${QUIET_LIMIT_MS / 1000} s after its root committed; still in flight: ${[...inFlight].map((request) => request.url()).join(', ') || 'nothing (requests kept starting)'}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return [...scripts].sort();
}
