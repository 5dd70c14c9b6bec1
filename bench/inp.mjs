// INP (lab) of "Add to cart" on product pages of the demo store.
// Chromium with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate; no network throttling), a
// mobile screen. Per run: a fresh browser context opens each product page of INP_PRODUCTS, waits until
// the network is idle, clicks "Add to cart" (a real CDP mouse click) and waits for "Go to cart". An
// Event Timing observer (type 'event', durationThreshold 16, buffered) installed before the page's own
// scripts keeps the longest entry of every interactionId: that is the click's latency, from input to
// the next paint. Two shoppers: a guest (the line goes to the device's cart) and the signed-in shopper
// (the line goes to the server; its cart is emptied before every run).
import { atPath, control, freshPage, open, prepareSignIn, settle } from './lib/browser.mjs';
import { shopperApi } from './lib/shopper.mjs';
import { median, worst } from './lib/stats.mjs';

/** Physical products, no slot or zone to choose first: the button is enabled as soon as the page is. */
const INP_PRODUCTS = [1005, 1009, 1010, 1016, 1019];
const CPU_SLOWDOWN = 4;
/** Entries shorter than the observer's threshold are not reported: such a click counts as 16 ms. */
const THRESHOLD_MS = 16;

function observeInteractions() {
  // Per interaction: its longest entry's duration (what INP counts), and its phases across all its
  // entries (pointerdown, pointerup, click…): input delay to the first handler, handlers, then paint.
  const interactions = new Map();
  Object.defineProperty(window, '__benchInteractions', { value: interactions });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      const seen = interactions.get(entry.interactionId);
      interactions.set(entry.interactionId, {
        names: [...new Set([...(seen?.names ?? []), entry.name])],
        start: Math.min(seen?.start ?? entry.startTime, entry.startTime),
        duration: Math.max(seen?.duration ?? 0, entry.duration),
        processingStart: Math.min(seen?.processingStart ?? entry.processingStart, entry.processingStart),
        processingEnd: Math.max(seen?.processingEnd ?? 0, entry.processingEnd),
      });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/** The click's latency on the current page (the longest interaction it recorded). */
async function clickLatency(page) {
  // Event Timing entries are delivered after the next frame: give them time to arrive.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 250))),
      ),
  );
  const interactions = await page.evaluate(() => [...(window.__benchInteractions?.values() ?? [])]);
  if (interactions.length === 0) return { duration: THRESHOLD_MS, belowThreshold: true };
  const longest = interactions.reduce((a, b) => (b.duration > a.duration ? b : a));
  return {
    duration: longest.duration,
    events: longest.names,
    inputDelay: longest.processingStart - longest.start,
    processing: longest.processingEnd - longest.processingStart,
    presentation: longest.start + longest.duration - longest.processingEnd,
  };
}

async function oneRun(browser, servers, { signedIn }) {
  const { context, page } = await freshPage(browser);
  try {
    if (signedIn) {
      await (await shopperApi(servers.sandboxUrl)).clearCart();
      const submit = await prepareSignIn(page, servers.storefrontOrigin);
      await submit();
      await atPath(page, '/');
      await settle(page);
    }
    await page.evaluateOnNewDocument(observeInteractions);
    const cdp = await page.createCDPSession();
    const clicks = [];
    for (const product of INP_PRODUCTS) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await open(page, `${servers.storefrontOrigin}/ProductDetails?productId=${product}`);
      await settle(page);
      await (await control(page, 'Add to cart')).click();
      await control(page, 'Go to cart', { role: 'link' });
      clicks.push({ product, ...(await clickLatency(page)) });
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return clicks;
  } finally {
    await context.close();
  }
}

export async function measureInp(browser, servers, { runs }) {
  const result = { cpuSlowdown: CPU_SLOWDOWN, products: INP_PRODUCTS, shoppers: {} };
  for (const [name, signedIn] of [
    ['guest', false],
    ['signed-in', true],
  ]) {
    const clicks = [];
    for (let run = 0; run < runs; run += 1) clicks.push(...(await oneRun(browser, servers, { signedIn })));
    const durations = clicks.map((click) => click.duration);
    result.shoppers[name] = {
      clicks: clicks.length,
      median: median(durations),
      worst: worst(durations),
      samples: clicks,
    };
  }
  await servers.resetSandbox();
  return result;
}
