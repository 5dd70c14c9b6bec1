#!/usr/bin/env node
// The bench: one command, every figure, written to bench/RESULTS.md (raw figures in
// bench/results/results.json). `npm run bench` builds what it measures first, then runs this.
//
//   node bench/run.mjs [--runs 3] [--only lighthouse,hydration,inp,requests,merge,sdk] [--out FILE]
//                      [--pages 'SPA,bare React'] (Lighthouse and hydration pages whose name holds one of these)
//
// A partial run (--only) writes to bench/.out/ unless --out is given, so bench/RESULTS.md always holds
// a full run. What each part measures and how: bench/README.md.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureHydration } from './hydration.mjs';
import { measureInp } from './inp.mjs';
import { launchBrowser } from './lib/browser.mjs';
import { SPA_IDLE_MODULES } from './lib/initial-js.mjs';
import { describeMachine } from './lib/machine.mjs';
import {
  buildBaselines,
  REACT_BASELINE_DIST,
  SPA_DIST,
  STATIC_BASELINE_DIST,
  STOREFRONT_DIST,
  startServers,
} from './lib/servers.mjs';
import { measureLighthouse } from './lighthouse.mjs';
import { measureMerge } from './merge.mjs';
import { readSeparateRuns, renderResults } from './report.mjs';
import { measureRequests } from './requests.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const PARTS = ['lighthouse', 'hydration', 'inp', 'requests', 'merge', 'sdk'];
/** The shopping pages, per store and language: [label, store, path prefix, product]. */
const SHOPPERS = [
  ['demo', 'demo', '', 1005],
  ['demo fr', 'demo', '/fr', 1005],
  ['souq ar', 'souq', '', 2001],
];
const routesOf = (prefix, product) => [
  `${prefix}/`,
  `${prefix}/productListing`,
  `${prefix}/ProductDetails?productId=${product}`,
];

/** Every page Lighthouse measures: the baselines, the server-rendered storefront, the SPA build. */
function lighthousePages(servers) {
  const baseline = (name, kind, origin, dist) => ({
    name,
    kind,
    url: `${origin}/`,
    origin,
    dist,
    desktop: true,
  });
  return [
    baseline('static HTML page', 'static', servers.staticBaselineOrigin, STATIC_BASELINE_DIST),
    baseline('bare React page', 'react', servers.reactBaselineOrigin, REACT_BASELINE_DIST),
    ...SHOPPERS.flatMap(([label, store, prefix, product]) =>
      routesOf(prefix, product).map((route) => ({
        name: `${label} ${route}`,
        kind: 'route',
        url: `${servers.originOf(store)}${route}`,
        origin: servers.originOf(store),
        dist: STOREFRONT_DIST,
        // Desktop once per route (demo, English): the budgets are mobile's.
        desktop: label === 'demo',
      })),
    ),
    // The third store's home, in English: its own catalogue and theme on the same code.
    {
      name: 'bazaar /',
      kind: 'route',
      url: `${servers.originOf('bazaar')}/`,
      origin: servers.originOf('bazaar'),
      dist: STOREFRONT_DIST,
      desktop: false,
    },
    ...routesOf('', 1005).map((route) => ({
      name: `SPA ${route}`,
      kind: 'spa',
      url: `${servers.spaOrigin}${route}`,
      origin: servers.spaOrigin,
      dist: SPA_DIST,
      desktop: false,
      idleModules: SPA_IDLE_MODULES,
    })),
  ];
}

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    out: { type: 'string' },
    pages: { type: 'string' },
    'merge-lines': { type: 'string', default: '3,10' },
    'sdk-calls': { type: 'string', default: '2000' },
    'sdk-rounds': { type: 'string', default: '7' },
  },
});
const runs = Math.max(1, Number(args.runs) || 3);
const only = args.only ? args.only.split(',').map((part) => part.trim()) : PARTS;
const unknown = only.filter((part) => !PARTS.includes(part));
if (unknown.length > 0) {
  console.error(`Unknown part(s): ${unknown.join(', ')}. Parts: ${PARTS.join(', ')}.`);
  process.exit(2);
}
// Some pages only (a name holds one of the comma-separated parts): a quicker A/B of a few pages.
const pageParts =
  args.pages
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean) ?? null;
const picked = (pages) =>
  pageParts ? pages.filter((page) => pageParts.some((part) => page.name.includes(part))) : pages;
const partial = only.length < PARTS.length || pageParts !== null;
const out = args.out ?? (partial ? join(here, '.out', 'RESULTS.md') : join(here, 'RESULTS.md'));
// A partial run's raw figures go beside its markdown, never over the committed full run's.
const rawOut = partial ? out.replace(/\.md$/i, '').concat('.json') : join(here, 'results', 'results.json');
const wants = (part) => only.includes(part);
const log = (text) => process.stdout.write(text);
const step = (text) => console.log(`\n▸ ${text}`);

const started = performance.now();
const results = {
  date: new Date().toISOString(),
  command: `node bench/run.mjs ${process.argv.slice(2).join(' ')}`.trim(),
  machine: describeMachine(),
  runs,
};

if (wants('sdk')) {
  // First, and in a Node process of its own: after the browser parts, this process holds their
  // results and Chromium may still be exiting, which made the per-call figures swing by 20 %.
  step('SDK per-call overhead vs plain fetch (Node, a process of its own)');
  const child = spawnSync(
    process.execPath,
    [join(here, 'sdk-overhead.mjs'), '--json', '--calls', args['sdk-calls'], '--rounds', args['sdk-rounds']],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (child.status !== 0) throw new Error(`bench/sdk-overhead.mjs failed (exit ${child.status})`);
  results.sdk = JSON.parse(child.stdout);
}

const needsServers = only.some((part) => part !== 'sdk');
const needsBaselines = wants('lighthouse') || wants('hydration');
if (needsBaselines) {
  step('Building the baselines (bare React page, static HTML page)');
  await buildBaselines();
}
const servers = needsServers ? await startServers({ baselines: needsBaselines }) : null;
try {
  if (wants('lighthouse')) {
    const pages = picked(lighthousePages(servers));
    step(
      `Lighthouse, ${runs} run(s) × ${pages.length} pages mobile + ${pages.filter((page) => page.desktop).length} desktop`,
    );
    results.lighthouse = await measureLighthouse(pages, { runs, log });
  }
  if (wants('hydration') || wants('inp') || wants('requests') || wants('merge')) {
    const browser = await launchBrowser();
    try {
      results.chromium = (await browser.version()).replace(/^(Headless)?Chrome\//, '');
      if (wants('hydration')) {
        // The pages that hydrate: every Lighthouse page but the static one (no JavaScript).
        const pages = picked(lighthousePages(servers)).filter((page) => page.kind !== 'static');
        step(`Hydration gap and long tasks (4× CPU, slow 4G), ${runs} run(s) × ${pages.length} pages`);
        results.hydration = await measureHydration(browser, pages, { runs, log });
      }
      if (wants('inp')) {
        step(`INP (lab): add to cart, ${runs} run(s) per shopper`);
        results.inp = await measureInp(browser, servers, { runs });
      }
      if (wants('requests')) {
        step('Request counts: first screens and revisits');
        results.requests = await measureRequests(browser, servers);
      }
      if (wants('merge')) {
        step('Guest-cart merge at sign-in');
        const lineCounts = args['merge-lines']
          .split(',')
          .map(Number)
          .filter((n) => n > 0 && n <= 10);
        results.merge = await measureMerge(browser, servers, { lineCounts });
      }
    } finally {
      await browser.close();
    }
  }
  if (!results.chromium) {
    const browser = await launchBrowser();
    results.chromium = (await browser.version()).replace(/^(Headless)?Chrome\//, '');
    await browser.close();
  }
} finally {
  await servers?.close();
}
results.durationSeconds = (performance.now() - started) / 1000;

const markdown = renderResults(results, readSeparateRuns(join(here, 'results')));
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${markdown}\n`);
mkdirSync(dirname(rawOut), { recursive: true });
writeFileSync(rawOut, `${JSON.stringify(results, null, 2)}\n`);
// The raw file is committed: keep it in the repository's format so `biome check .` stays clean.
const biome = join(here, '..', 'node_modules', '.bin', 'biome');
if (existsSync(biome)) spawnSync(biome, ['format', '--write', rawOut], { stdio: 'ignore' });
console.log(`\n\n${markdown}\nWritten: ${relative(process.cwd(), out)}, ${relative(process.cwd(), rawOut)}`);
