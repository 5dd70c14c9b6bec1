import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { budgetVerdict } from '../apps/storefront/vite/route-js.ts';
import { IDLE_MODULES, SPA_IDLE_MODULES, sizeScripts } from '../bench/lib/initial-js.mjs';
import { scriptsLoaded } from './support/page-scripts.ts';
import { useSpaHost, useStorefront } from './support/servers.ts';
import { expect, test } from './support/test.ts';

// The JavaScript each measured page loads before the shopper does anything, held to a budget per
// route: the bench's initial-JS figure (bench/lib/initial-js.mjs: gzip -9 KiB of every script the page
// loaded from its own origin, from the built files, idle-time chunks counted apart), measured here on
// real page loads so chunks requested at run time count too. A route more than the tolerance over its
// budget fails `npm test` with its largest files; one more than the tolerance under it is said, so the
// budget gets tightened. New budgets from a measurement: `pnpm first-load --update` (bench/README.md).
const BUDGET_FILE = join(import.meta.dirname, 'first-load-budgets.json');
const STOREFRONT = join(import.meta.dirname, '..', 'apps', 'storefront');
const SSR_DIST = join(STOREFRONT, 'build', 'client');
const SPA_DIST = join(STOREFRONT, 'build-spa', 'client');
const UPDATE = process.env.MARKETKIT_FIRST_LOAD_UPDATE === '1';
interface Budgets {
  $comment?: string;
  toleranceKiB: number;
  routes: Record<string, number>;
}

/** Named as the bench names its pages (`store language path`; "SPA" for the SPA build). */
const SERVER_ROUTES = [
  ['demo /', 'demo', '/'],
  ['demo /productListing', 'demo', '/productListing'],
  ['demo /ProductDetails?productId=1005', 'demo', '/ProductDetails?productId=1005'],
  ['demo fr /fr/', 'demo', '/fr/'],
  ['souq ar /', 'souq', '/'],
  ['souq ar /ProductDetails?productId=2001', 'souq', '/ProductDetails?productId=2001'],
  ['bazaar /', 'bazaar', '/'],
] as const;
const SPA_ROUTES = [
  ['SPA /', 'demo', '/'],
  ['SPA /productListing', 'demo', '/productListing'],
  ['SPA /ProductDetails?productId=1005', 'demo', '/ProductDetails?productId=1005'],
] as const;
const ROUTE_NAMES = [...SERVER_ROUTES, ...SPA_ROUTES].map(([name]) => name);

const readBudgets = (): Budgets => JSON.parse(readFileSync(BUDGET_FILE, 'utf8')) as Budgets;
/** What this run measured, per route: written to the budget file with `--update`. */
const measured = new Map<string, number>();

async function checkRoute(
  page: Page,
  name: string,
  url: string,
  dist: string,
  idleModules: readonly string[],
) {
  const first = sizeScripts(dist, await scriptsLoaded(page, url), idleModules);
  const kib = Math.round(first.kib * 10) / 10;
  measured.set(name, kib);
  if (UPDATE) return;
  const { toleranceKiB, routes } = readBudgets();
  const budget = routes[name];
  const verdict = budgetVerdict(kib, budget, toleranceKiB);
  const largest = first.sizes
    .filter((entry) => !entry.idle)
    .slice(0, 6)
    .map((entry) => `  ${entry.kib.toFixed(1).padStart(6)} KiB  ${entry.file}`)
    .join('\n');
  const idleKib = first.allKib - first.kib;
  if (verdict === 'under' && budget !== undefined) {
    const note = `${name}: first load ${kib} KiB gzip, ${(budget - kib).toFixed(1)} KiB under its budget of ${budget} KiB: tighten it with \`pnpm first-load --update\`.`;
    test.info().annotations.push({ type: 'under budget', description: note });
    process.stdout.write(`${note}\n`);
  }
  expect(
    verdict,
    verdict === 'unbudgeted'
      ? `${name}: first load ${kib} KiB gzip and no budget in e2e/first-load-budgets.json: write one with \`pnpm first-load --update\`.`
      : `${name}: first load ${kib} KiB gzip is more than ${toleranceKiB} KiB over its budget of ${budget} KiB (e2e/first-load-budgets.json; ${idleKib.toFixed(1)} KiB of idle-time chunks not counted). Largest files of its first load:\n${largest}\nIf the growth is wanted, say why in the commit and write the new budget with \`pnpm first-load --update\`.`,
  ).not.toMatch(/^(over|unbudgeted)$/);
}

test.use({
  // Lighthouse's mobile screen, as the bench measures: what loads may depend on what is in view.
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
});

test('the budget file holds a budget for every measured route and no other', () => {
  test.skip(UPDATE, 'the update writes the file');
  expect(Object.keys(readBudgets().routes).sort()).toEqual([...ROUTE_NAMES].sort());
});

test.describe('server-rendered pages', () => {
  const servers = useStorefront();
  for (const [name, store, path] of SERVER_ROUTES)
    test(`first load of ${name} is within its budget`, async ({ page }) => {
      await checkRoute(page, name, `${servers.origin(store)}${path}`, SSR_DIST, IDLE_MODULES);
    });
});

test.describe('the SPA build from a static host', () => {
  const host = useSpaHost();
  for (const [name, store, path] of SPA_ROUTES)
    test(`first load of ${name} is within its budget`, async ({ page }) => {
      await checkRoute(page, name, `${host.origin(store)}${path}`, SPA_DIST, SPA_IDLE_MODULES);
    });
});

test.afterAll(() => {
  if (!UPDATE || measured.size === 0) return;
  // Routes this run did not measure (a `-g` filter) keep their budget; routes no longer listed go.
  const old: Budgets = existsSync(BUDGET_FILE) ? readBudgets() : { toleranceKiB: 5, routes: {} };
  const routes: Record<string, number> = {};
  for (const name of ROUTE_NAMES) {
    const kib = measured.get(name) ?? old.routes[name];
    if (kib !== undefined) routes[name] = kib;
  }
  writeFileSync(BUDGET_FILE, `${JSON.stringify({ ...old, routes }, null, 2)}\n`);
});
