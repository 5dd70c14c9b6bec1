// Requests the guest-cart merge makes when a guest with K cart lines signs in.
// Scene per case: the sandbox reset to its seed; a guest adds K products with each product page's
// "Add to cart" button (so the cart is stored in the app's own format); the seeded shopper signs in on
// /signin. Counted from the submit until the merge is seen on the server (every product in the cart
// with the expected quantity) and the network has been idle 1 s: the calls to the cart endpoint
// (/cfs/rest/v3/customer-cart…) per method, and every services-host call after the submit.
// Two cases per K: an empty server cart (every line is new), and a server cart that already holds the
// same K products (every line is an update; quantities are summed).
import { addToCartInBrowser, atPath, freshPage, prepareSignIn, settle } from './lib/browser.mjs';
import { recordRequests } from './lib/requests-log.mjs';
import { shopperApi } from './lib/shopper.mjs';

/** Physical products of the demo store with stock and no slot or zone to choose. */
export const CART_PRODUCTS = [1009, 1010, 1011, 1012, 1013, 1016, 1017, 1019, 1020, 1023];
const CART_PATH = '/cfs/rest/v3/customer-cart';
const MERGE_TIMEOUT_MS = 20_000;

async function mergeCase(browser, servers, { lines, serverHoldsSame }) {
  await servers.resetSandbox();
  const api = await shopperApi(servers.sandboxUrl);
  await api.clearCart();
  const products = CART_PRODUCTS.slice(0, lines);
  if (serverHoldsSame) await api.addToCart(products, 1);
  const expected = serverHoldsSame ? 2 : 1;

  const { context, page } = await freshPage(browser);
  try {
    for (const product of products) await addToCartInBrowser(page, servers.storefrontOrigin, product);
    const submit = await prepareSignIn(page, servers.storefrontOrigin);
    const log = recordRequests(page, servers);
    await submit();
    await atPath(page, '/');
    const deadline = Date.now() + MERGE_TIMEOUT_MS;
    let merged = false;
    while (!merged && Date.now() < deadline) {
      const cart = await api.cart();
      merged = products.every(
        (product) => cart.find((line) => line.product === product)?.cart_quantity === expected,
      );
      if (!merged) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await settle(page, 1000);
    const counted = log.take();
    const leftInGuestCart = await page.evaluate(() => {
      try {
        return JSON.parse(localStorage.getItem('guest_cart') ?? 'null')?.data?.items?.length ?? 0;
      } catch {
        return -1;
      }
    });
    const cartCalls = counted.calls.filter((call) => call.split(' ')[1]?.startsWith(CART_PATH));
    const byMethod = {};
    for (const call of cartCalls) {
      const method = call.split(' ')[0];
      byMethod[method] = (byMethod[method] ?? 0) + 1;
    }
    return {
      lines,
      serverHoldsSame,
      merged: merged && leftInGuestCart === 0,
      cartCalls: cartCalls.length,
      byMethod,
      apiCallsAfterSubmit: counted.api,
      calls: counted.calls,
    };
  } finally {
    await context.close();
  }
}

/** Every K of `lineCounts`, with an empty server cart and with one holding the same products. */
export async function measureMerge(browser, servers, { lineCounts = [3, 10] } = {}) {
  const cases = [];
  for (const serverHoldsSame of [false, true])
    for (const lines of lineCounts) cases.push(await mergeCase(browser, servers, { lines, serverHoldsSame }));
  await servers.resetSandbox();
  return { cases };
}
