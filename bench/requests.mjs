// Request counts of a shopper's first screens and of revisits within the catalogue stale time.
//   - cold: a first visit (fresh browser context), counted until the network has been idle 0.8 s, so
//     the idle-time chunks and calls are in
//   - revisit: from that page, follow one of the app's own links to a listing, then go Back (the
//     browser's history, as a shopper would) and count what the revisit requests. The revisit comes
//     seconds after the first visit, well within the catalogue stale time: the target is no catalogue
//     call (`pbs`) at all.
// No CPU or network throttling: counts do not depend on speed.
import { atPath, freshPage, open, settle } from './lib/browser.mjs';
import { recordRequests } from './lib/requests-log.mjs';

async function coldThenRevisit(browser, servers, { start, linkSelector, leftPathPrefix }) {
  const { context, page } = await freshPage(browser);
  try {
    const log = recordRequests(page, servers);
    await open(page, `${servers.storefrontOrigin}${start}`);
    await settle(page);
    const cold = log.take();
    const link = await page.waitForSelector(linkSelector, { visible: true });
    const target = await link.evaluate((element) => element.getAttribute('href'));
    await link.click();
    await atPath(page, target);
    await settle(page);
    const away = log.take();
    if (!target.startsWith(leftPathPrefix))
      throw new Error(`Expected a link to ${leftPathPrefix}, got ${target}`);
    await page.evaluate(() => history.back());
    await atPath(page, start);
    await settle(page);
    const revisit = log.take();
    return { cold, away: { to: target, ...away }, revisit };
  } finally {
    await context.close();
  }
}

/** Home and product page: cold first screen, then the revisit through a listing and Back. */
export async function measureRequests(browser, servers) {
  const home = await coldThenRevisit(browser, servers, {
    start: '/',
    linkSelector: 'main a[href="/productListing"]',
    leftPathPrefix: '/productListing',
  });
  const product = await coldThenRevisit(browser, servers, {
    start: '/ProductDetails?productId=1005',
    // The breadcrumb's category link.
    linkSelector: 'main nav a[href^="/productListing?category="]',
    leftPathPrefix: '/productListing',
  });
  return { home, product };
}
