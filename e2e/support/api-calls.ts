import { expect, type Page, type Request } from '@playwright/test';

/**
 * Watches the services calls (`/api/…`) a page makes from now on. `settled()` is true when none is under
 * way and none's last answer was a 401: a call refused for an expired access token is replayed once the
 * session is refreshed, and until that replay is answered the page still holds a call that will reach
 * the services host with whatever token it then has.
 */
export function watchApiCalls(page: Page) {
  const underWay = new Set<Request>();
  const lastStatus = new Map<string, number>();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (isApi(request.url())) underWay.add(request);
  });
  page.on('response', (response) => {
    if (isApi(response.url()))
      lastStatus.set(`${response.request().method()} ${response.url()}`, response.status());
  });
  // A call started before the watch ends without ever having been counted: deleting it is a no-op.
  const ended = (request: Request) => underWay.delete(request);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    settled: () => underWay.size === 0 && ![...lastStatus.values()].includes(401),
    /** What is still under way or refused, for a failure message. */
    pending: () => ({
      underWay: [...underWay].map((request) => request.url()),
      refused: [...lastStatus].filter(([, status]) => status === 401).map(([call]) => call),
    }),
  };
}

/**
 * Waits until the page is at rest: its footer's store policies are drawn (asked for once the page is
 * idle) and every services call `calls` saw is answered, none last refused with a 401. A test that
 * changes the tokens behind the page's back does it only then, or a call still to come meets them first.
 */
export async function pageAtRest(page: Page, calls: ReturnType<typeof watchApiCalls>) {
  await expect(
    page.getByRole('navigation', { name: 'Store policies' }).getByRole('link').first(),
  ).toBeVisible();
  await expect
    .poll(() => (calls.settled() ? 'settled' : calls.pending()), {
      message: 'every call answered, none refused',
    })
    .toBe('settled');
}
