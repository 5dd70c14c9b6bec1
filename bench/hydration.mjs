// Hydration gap and long tasks per page, in Chromium driven with Puppeteer under Lighthouse's mobile
// conditions applied for real through the DevTools protocol: CPU slowed 4× (`Emulation.setCPUThrottlingRate`)
// and slow 4G (`Network.emulateNetworkConditions`: 150 ms latency, 1.6 Mbps down, 750 kbps up), on
// Lighthouse's mobile screen, a fresh context per visit (no cache). Lighthouse's own runs simulate their
// timings from an unthrottled load, so a moment the page marks itself cannot be read on their clock.
//
// The gap is first contentful paint (the paint timing entry) to the moment the page responds to input:
// the storefront's root sets `<html data-hydrated>` in its first effect, once React has committed the
// hydrated root (apps/storefront/src/root.tsx); the bare React page does the same (baseline/main.js).
// A MutationObserver installed before the page's scripts notes the time the attribute appears; a
// PerformanceObserver for `longtask` notes every task over 50 ms. The visit ends when the page has
// hydrated and the network has been idle 1 s.
import { freshPage } from './lib/browser.mjs';
import { median } from './lib/stats.mjs';

export const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile network (slow 4G): 150 ms round trip, 1.6 Mbps down, 750 kbps up, in bytes/s. */
export const SLOW_4G = { rttMs: 150, downKbps: 1.6 * 1024, upKbps: 750 };
/** A visit at 4× CPU on slow 4G took 10–20 s on a loaded 2-core machine: 120 s only stops a hung one. */
const VISIT_TIMEOUT_MS = 120_000;

function observeHydration() {
  const record = { hydratedAt: null, longTasks: [] };
  Object.defineProperty(window, '__benchHydration', { value: record });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      record.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  // The document has no <html> yet when this runs: watch the document for the attribute instead.
  const marked = () => {
    if (record.hydratedAt === null && document.documentElement?.hasAttribute('data-hydrated'))
      record.hydratedAt = performance.now();
  };
  new MutationObserver(marked).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-hydrated'],
  });
}

/** One visit: FCP, the moment of hydration, and the long tasks, in the page's own clock (ms). */
async function visit(browser, url) {
  const { context, page } = await freshPage(browser);
  try {
    await page.evaluateOnNewDocument(observeHydration);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_4G.rttMs,
      downloadThroughput: (SLOW_4G.downKbps * 1024) / 8,
      uploadThroughput: (SLOW_4G.upKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load', timeout: VISIT_TIMEOUT_MS });
    await page.waitForSelector('html[data-hydrated]', { timeout: VISIT_TIMEOUT_MS });
    await page.waitForNetworkIdle({ idleTime: 1000, timeout: VISIT_TIMEOUT_MS });
    const seen = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      ...window.__benchHydration,
    }));
    if (seen.fcp === null || seen.hydratedAt === null)
      throw new Error(`${url}: no first contentful paint or no hydration mark was recorded`);
    const after = (moment) => seen.longTasks.filter((task) => task.start >= moment);
    const total = (tasks) => tasks.reduce((sum, task) => sum + task.duration, 0);
    const afterPaint = after(seen.fcp);
    const afterInteractive = after(seen.hydratedAt);
    return {
      fcp: seen.fcp,
      hydrated: seen.hydratedAt,
      // A page interactive by the time it first paints has no gap (the effect may run before the paint).
      gap: Math.max(0, seen.hydratedAt - seen.fcp),
      longTasksAfterFcp: afterPaint.length,
      longTaskMsAfterFcp: total(afterPaint),
      longTasksAfterInteractive: afterInteractive.length,
      longTaskMsAfterInteractive: total(afterInteractive),
      longest: Math.max(0, ...seen.longTasks.map((task) => task.duration)),
    };
  } finally {
    await context.close();
  }
}

const FIELDS = [
  'fcp',
  'hydrated',
  'gap',
  'longTasksAfterFcp',
  'longTaskMsAfterFcp',
  'longTasksAfterInteractive',
  'longTaskMsAfterInteractive',
  'longest',
];

/**
 * @param {import('puppeteer-core').Browser} browser
 * @param {{ name: string, kind: string, url: string }[]} pages  pages that hydrate (no static page)
 * @param {{ runs: number, log?: (text: string) => void }} options
 */
export async function measureHydration(browser, pages, { runs, log = () => {} }) {
  const samples = new Map(pages.map((page) => [page.name, []]));
  // Interleaved, as the Lighthouse runs: a noisy minute hits every page alike.
  for (let run = 0; run < runs; run += 1)
    for (const page of pages) {
      samples.get(page.name).push(await visit(browser, page.url));
      log('.');
    }
  return {
    cpuSlowdown: CPU_SLOWDOWN,
    network: SLOW_4G,
    runs,
    pages: pages.map((page) => {
      const runsOf = samples.get(page.name);
      return {
        name: page.name,
        kind: page.kind,
        url: page.url,
        ...Object.fromEntries(FIELDS.map((field) => [field, median(runsOf.map((s) => s[field]))])),
        // The goal is none after the page is interactive: the worst run says whether any run had one.
        worstLongTasksAfterInteractive: Math.max(...runsOf.map((s) => s.longTasksAfterInteractive)),
        samples: runsOf,
      };
    }),
  };
}
