#!/usr/bin/env node
// Storefront performance: builds the storefront and a bare Vite + React page in the same run, serves
// both as production would (gzip, immutable assets) beside the sandbox, then reports for each route
//   - initial JS: gzip KiB of every script the page loads before it settles (Lighthouse's network log)
//   - Lighthouse mobile (default config: Moto G power emulation, simulated slow 4G): score, LCP, TBT, CLS
// as medians of N runs, next to the bare page. Lab timings swing on shared machines: compare ratios.
//
// Run: npm run bench [-- --runs 3 --out bench/results/storefront.md]   (builds what it measures first)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { startSandboxServer } from '@marketkit/sandbox/node';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { startStorefrontServer } from '../scripts/storefront-server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    out: { type: 'string', default: join(here, 'results', 'storefront.md') },
    routes: { type: 'string', default: '/,/productListing,/ProductDetails?productId=1005' },
  },
});
const runs = Math.max(1, Number(args.runs) || 3);
/** Issue weights for the storefront score (home 17, listing 43, product 40). */
const WEIGHTS = { '/': 17, '/productListing': 43, '/ProductDetails': 40 };
const TARGET_JS_KIB = 120;
const TARGET_SCORE = 95;

const storefrontDist = join(repo, 'apps', 'storefront', 'dist');
const baselineDist = join(here, '.out', 'baseline');

console.log('Building the bare React page…');
await build({
  root: join(here, 'baseline'),
  logLevel: 'warn',
  build: { outDir: baselineDist, emptyOutDir: true, target: 'es2022' },
});

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const gzipKiB = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

/** Modules loaded only when the browser is idle (or at first use): not on any first screen's path. */
const IDLE_MODULES = [
  'ui/src/toast-host.tsx',
  // The product page's reviews, questions and description: requested when the browser is idle.
  'src/catalogue/product-extras.tsx',
];

/** The storefront's build manifest: each file, and the files it imports statically. */
function manifestOf(dist) {
  try {
    const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
    return Object.entries(manifest).map(([source, chunk]) => ({
      source,
      file: chunk.file,
      imports: (chunk.imports ?? []).map((key) => manifest[key]?.file).filter(Boolean),
    }));
  } catch {
    return [];
  }
}

/**
 * Which of a page's loaded files are idle-time: the idle modules' chunks, and any loaded file that
 * only idle files import (a chunk split out of an idle module, e.g. the sanitizer under the product
 * page's description).
 */
function idleFiles(dist, loaded) {
  const chunks = manifestOf(dist);
  const idle = new Set(
    chunks.filter((chunk) => IDLE_MODULES.some((module) => chunk.source.endsWith(module))).map((c) => c.file),
  );
  const importersOf = (file) =>
    chunks.filter((chunk) => loaded.includes(chunk.file) && chunk.imports.includes(file)).map((c) => c.file);
  for (let changed = true; changed; ) {
    changed = false;
    for (const file of loaded) {
      if (idle.has(file)) continue;
      const importers = importersOf(file);
      if (importers.length > 0 && importers.every((importer) => idle.has(importer))) {
        idle.add(file);
        changed = true;
      }
    }
  }
  return idle;
}

/**
 * Gzip KiB of the scripts a page loaded (Lighthouse's network log, sized from the built files): all
 * of them, and the critical ones (without the chunks loaded at idle time, such as the toaster).
 */
function initialJs(lhr, origin, dist) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === 'Script' && item.url.startsWith(origin));
  const files = [...new Set(scripts.map((item) => new URL(item.url).pathname.slice(1)))];
  const idle = idleFiles(dist, files);
  const size = (list) => list.reduce((sum, file) => sum + gzipKiB(join(dist, file)), 0);
  const critical = files.filter((file) => !idle.has(file));
  return { kib: size(critical), allKib: size(files), files: critical, requests: items.length };
}

const sandbox = await startSandboxServer({ port: 0, log: () => {} });
const storefront = await startStorefrontServer({ servicesHost: sandbox.url });
const baseline = await startStorefrontServer({ servicesHost: sandbox.url, root: baselineDist });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});

const pages = [
  {
    name: 'bare React page',
    url: `http://127.0.0.1:${baseline.port}/`,
    origin: `http://127.0.0.1:${baseline.port}`,
    dist: baselineDist,
  },
  ...args.routes.split(',').map((route) => ({
    name: route,
    url: `http://demo.localhost:${storefront.port}${route}`,
    origin: `http://demo.localhost:${storefront.port}`,
    dist: storefrontDist,
  })),
];

const results = [];
let environment = { lighthouse: '?', browser: '?' };
try {
  for (const page of pages) {
    const samples = [];
    for (let run = 0; run < runs; run += 1) {
      const { lhr } = await lighthouse(page.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      environment = {
        lighthouse: lhr.lighthouseVersion,
        browser: (lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/) ?? ['Chromium'])[0],
      };
      samples.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        js: initialJs(lhr, page.origin, page.dist),
      });
      process.stdout.write('.');
    }
    results.push({
      page: page.name,
      score: median(samples.map((s) => s.score)),
      lcp: median(samples.map((s) => s.lcp)),
      tbt: median(samples.map((s) => s.tbt)),
      cls: median(samples.map((s) => s.cls)),
      jsKiB: median(samples.map((s) => s.js.kib)),
      allJsKiB: median(samples.map((s) => s.js.allKib)),
      scripts: samples[0]?.js.files ?? [],
      requests: median(samples.map((s) => s.js.requests)),
    });
  }
} finally {
  await chrome.kill();
  await storefront.close();
  await baseline.close();
  await sandbox.close();
}
console.log('');

const base = results[0];
const routes = results.slice(1);
const weighted = (() => {
  let total = 0;
  let sum = 0;
  for (const row of routes) {
    const weight = WEIGHTS[row.page.split('?')[0]];
    if (!weight) continue;
    total += weight;
    sum += weight * row.score;
  }
  return total ? Math.round(sum / total) : null;
})();

const fmt = (value, digits = 0) => Number(value).toFixed(digits);
const lines = [
  `# Storefront bench — ${new Date().toISOString().slice(0, 10)}`,
  '',
  `Lighthouse ${environment.lighthouse} mobile (simulated slow 4G, 4× CPU slowdown), ${environment.browser}, medians of ${runs} run(s) on this machine. Initial JS = gzip -9 KiB of every script the page loaded on its critical path; idle-time JS (the toaster; the product page's reviews, questions and description) is loaded after the page is interactive.`,
  '',
  '| Page | Initial JS (KiB gzip) | + idle-time JS | Score | LCP (ms) | TBT (ms) | CLS | Requests | LCP vs bare |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map(
    (row) =>
      `| ${row.page} | ${fmt(row.jsKiB, 1)} | ${fmt(row.allJsKiB - row.jsKiB, 1)} | ${row.score} | ${fmt(row.lcp)} | ${fmt(row.tbt)} | ${fmt(row.cls, 3)} | ${row.requests} | ${fmt(row.lcp / base.lcp, 2)}× |`,
  ),
  '',
  `Weighted storefront score (/ 17, /productListing 43, /ProductDetails 40): ${weighted ?? 'n/a'}.`,
  `Targets: initial JS ≤ ${TARGET_JS_KIB} KiB per route — ${routes.every((row) => row.jsKiB <= TARGET_JS_KIB) ? 'met' : 'NOT met'}; Lighthouse mobile ≥ ${TARGET_SCORE} — ${routes.every((row) => row.score >= TARGET_SCORE) ? 'met' : 'NOT met'}.`,
  '',
  'Scripts on the critical path of each first view:',
  '',
  ...results.map((row) => `- ${row.page}: ${row.scripts.join(', ')}`),
  '',
];
mkdirSync(dirname(args.out), { recursive: true });
writeFileSync(args.out, lines.join('\n'));
console.log(lines.join('\n'));
