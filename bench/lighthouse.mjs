// Lighthouse 12 performance, mobile (default config: Moto G Power emulation, simulated slow 4G, 4× CPU
// slowdown) and, for the pages that ask for it, desktop (desktop config: simulated fast connection, no
// CPU slowdown), for the storefront's pages and the two baselines, as medians of N runs. Runs are interleaved (every page once, then again)
// so that a noisy minute on a shared machine hits every page alike. The mobile runs' network logs also
// give each page's initial JS (lib/initial-js.mjs).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { initialJs } from './lib/initial-js.mjs';
import { median } from './lib/stats.mjs';

const FORM_FACTORS = { mobile: undefined, desktop: desktopConfig };
/** How many of a breakdown's items are kept (the largest), beside its total. */
const TOP_ITEMS = 5;

/** A breakdown audit's items as [label, ms], largest first (the page's origin left out of URLs). */
const itemsOf = (lhr, audit, label, value) =>
  (lhr.audits[audit]?.details?.items ?? [])
    .map((item) => [String(label(item)).replace(/^https?:\/\/[^/]+/, ''), value(item)])
    .sort((a, b) => b[1] - a[1]);

/** Per label, the median over the runs (a label missing from a run counts 0 there); largest first. */
function medianItems(runs) {
  const labels = new Set(runs.flatMap((items) => items.map(([label]) => label)));
  return [...labels]
    .map((label) => [label, median(runs.map((items) => items.find(([l]) => l === label)?.[1] ?? 0))])
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP_ITEMS);
}

const metricsOf = (lhr) => ({
  score: Math.round((lhr.categories.performance.score ?? 0) * 100),
  lcp: lhr.audits['largest-contentful-paint'].numericValue,
  tbt: lhr.audits['total-blocking-time'].numericValue,
  cls: lhr.audits['cumulative-layout-shift'].numericValue,
  // How fast this machine is by Lighthouse's own yardstick, and where the main thread's time went
  // (both scaled as Lighthouse scales them: ×4 in the mobile runs): figures from two machines compare.
  benchmarkIndex: lhr.environment.benchmarkIndex,
  mainThreadMs: lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0,
  mainThread: itemsOf(
    lhr,
    'mainthread-work-breakdown',
    (item) => item.groupLabel ?? item.group,
    (item) => item.duration,
  ),
  bootupMs: lhr.audits['bootup-time']?.numericValue ?? 0,
  bootup: itemsOf(
    lhr,
    'bootup-time',
    (item) => item.url,
    (item) => item.total,
  ),
  // The element's HTML, with the server's origin (a random port) left out.
  lcpElement:
    lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet?.replace(
      /https?:\/\/[^/"]+/g,
      '',
    ) ?? null,
});

const summarize = (samples) =>
  samples.length === 0
    ? null
    : {
        score: median(samples.map((s) => s.score)),
        lcp: median(samples.map((s) => s.lcp)),
        tbt: median(samples.map((s) => s.tbt)),
        cls: median(samples.map((s) => s.cls)),
        benchmarkIndex: median(samples.map((s) => s.benchmarkIndex)),
        mainThreadMs: median(samples.map((s) => s.mainThreadMs)),
        mainThreadTop: medianItems(samples.map((s) => s.mainThread)),
        bootupMs: median(samples.map((s) => s.bootupMs)),
        bootupTop: medianItems(samples.map((s) => s.bootup)),
        lcpElement: samples[0]?.lcpElement ?? null,
        samples,
      };

/**
 * @param {{ name: string, kind: 'static' | 'react' | 'route' | 'spa', url: string, origin: string, dist: string, desktop: boolean }[]} pages
 *   `desktop`: measured in the desktop form factor too (mobile always).
 * @param {{ runs: number, log?: (text: string) => void }} options
 */
export async function measureLighthouse(pages, { runs, log = () => {} }) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const samples = new Map(pages.map((page) => [page.name, { mobile: [], desktop: [], js: [] }]));
  const environment = { lighthouse: '?', chromium: '?', benchmarkIndex: [] };
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const page of pages) {
        for (const [formFactor, config] of Object.entries(FORM_FACTORS)) {
          if (formFactor === 'desktop' && !page.desktop) continue;
          // A trace that failed to record (NO_NAVSTART and the like) is measured again, twice at most.
          let lhr;
          for (let attempt = 1; ; attempt += 1) {
            ({ lhr } = await lighthouse(
              page.url,
              { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
              config,
            ));
            if (!lhr.runtimeError) break;
            if (attempt === 3) throw new Error(`Lighthouse on ${page.url}: ${lhr.runtimeError.message}`);
            log('r');
          }
          environment.lighthouse = lhr.lighthouseVersion;
          environment.chromium = (lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/) ?? ['?'])[0];
          environment.benchmarkIndex.push(lhr.environment.benchmarkIndex);
          const entry = samples.get(page.name);
          entry[formFactor].push(metricsOf(lhr));
          if (formFactor === 'mobile')
            entry.js.push(initialJs(lhr, page.origin, page.dist, page.idleModules));
          log('.');
        }
      }
    }
  } finally {
    await chrome.kill();
  }
  return {
    environment,
    runs,
    pages: pages.map((page) => {
      const entry = samples.get(page.name);
      return {
        name: page.name,
        kind: page.kind,
        url: page.url,
        mobile: summarize(entry.mobile),
        desktop: summarize(entry.desktop),
        js: {
          kib: median(entry.js.map((j) => j.kib)),
          allKib: median(entry.js.map((j) => j.allKib)),
          transferKib: median(entry.js.map((j) => j.transferKib)),
          files: entry.js[0]?.files ?? [],
          requests: median(entry.js.map((j) => j.requests)),
        },
      };
    }),
  };
}
