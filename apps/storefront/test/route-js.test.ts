import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type AssetsManifest,
  budgetProblems,
  budgetVerdict,
  firstLoadScripts,
  gzipKiB,
  pageRoutes,
  routeAddress,
} from '../vite/route-js.ts';

// The JavaScript each page loads before the shopper does anything, held to a budget per route: a route
// whose first load grows more than the tolerance over `route-js-budget.json` fails `npm test` the day
// it lands. After a change that shrinks a route (or a growth that is wanted and said in its commit),
// write the new figures with `UPDATE_ROUTE_BUDGETS=1 pnpm --filter @marketkit/storefront exec vitest
// run test/route-js.test.ts`.
const ROOT = join(import.meta.dirname, '..');
const BUDGET_FILE = join(ROOT, 'route-js-budget.json');

const manifest: AssetsManifest = {
  entry: { module: '/assets/entry.js', imports: ['/assets/framework.js'] },
  routes: {
    root: { id: 'root', module: '/assets/root.js', imports: ['/assets/framework.js', '/assets/provider.js'] },
    home: {
      id: 'home',
      parentId: 'root',
      index: true,
      module: '/assets/home.js',
      imports: ['/assets/tile.js'],
    },
    guard: { id: 'guard', parentId: 'root', module: '/assets/guard.js' },
    orders: {
      id: 'orders',
      parentId: 'guard',
      path: 'userprofile/myOrder',
      module: '/assets/orders.js',
      imports: ['/assets/provider.js'],
    },
    checkout: {
      id: 'checkout',
      parentId: 'guard',
      path: 'checkout/:checkoutId',
      module: '/assets/checkout.js',
    },
  },
};

describe('a route’s first load', () => {
  it.each([
    [
      'home',
      [
        '/assets/entry.js',
        '/assets/framework.js',
        '/assets/home.js',
        '/assets/provider.js',
        '/assets/root.js',
        '/assets/tile.js',
      ],
    ],
    [
      'orders',
      [
        '/assets/entry.js',
        '/assets/framework.js',
        '/assets/guard.js',
        '/assets/orders.js',
        '/assets/provider.js',
        '/assets/root.js',
      ],
    ],
    ['root', ['/assets/entry.js', '/assets/framework.js', '/assets/provider.js', '/assets/root.js']],
  ])('%s: the entry, then the route and every route above it, each script once', (route, scripts) => {
    expect(firstLoadScripts(manifest, route)).toEqual(scripts);
  });

  it('refuses a route the manifest does not have, and a loop of parents', () => {
    expect(() => firstLoadScripts(manifest, 'nowhere')).toThrow(/no route "nowhere"/);
    const looped: AssetsManifest = {
      entry: manifest.entry,
      routes: {
        a: { id: 'a', parentId: 'b', module: '/a.js' },
        b: { id: 'b', parentId: 'a', module: '/b.js' },
      },
    };
    expect(() => firstLoadScripts(looped, 'a')).toThrow(/loop at "a"/);
  });

  it.each([
    ['home', '/'],
    ['orders', '/userprofile/myOrder'],
    ['checkout', '/checkout/:checkoutId'],
  ])('%s is at %s', (route, address) => {
    expect(routeAddress(manifest, route)).toBe(address);
  });

  it('pages are the routes no other route sits under', () => {
    expect(pageRoutes(manifest)).toEqual(['checkout', 'home', 'orders']);
  });
});

describe('budgets', () => {
  it.each([
    ['within the tolerance', { '/': 105 }, { '/': 100 }, []],
    ['at the budget', { '/': 100 }, { '/': 100 }, []],
    ['smaller', { '/': 80 }, { '/': 100 }, []],
    [
      'over by more than the tolerance',
      { '/': 105.1 },
      { '/': 100 },
      [{ route: '/', kind: 'over', kib: 105.1, budget: 100 }],
    ],
    ['a new route', { '/new': 90 }, {}, [{ route: '/new', kind: 'unbudgeted', kib: 90 }]],
    ['a route gone', {}, { '/old': 90 }, [{ route: '/old', kind: 'gone', budget: 90 }]],
  ])('%s', (_, measured, budgets, problems) => {
    expect(budgetProblems(measured, budgets, 5)).toEqual(problems);
  });
});

describe('a route against its budget', () => {
  it.each([
    ['at the budget', 100, 100, 'within'],
    ['over by the tolerance exactly', 105, 100, 'within'],
    ['over by more than the tolerance', 105.1, 100, 'over'],
    ['under by the tolerance exactly', 95, 100, 'within'],
    ['under by more than the tolerance', 94.9, 100, 'under'],
    ['without a budget', 90, undefined, 'unbudgeted'],
  ] as const)('%s', (_, kib, budget, verdict) => {
    expect(budgetVerdict(kib, budget, 5)).toBe(verdict);
  });
});

const SERVER_BUILD = join(ROOT, 'build/server/index.js');

describe('the storefront’s routes (from its build)', () => {
  it('each page’s first load is within its budget', async () => {
    expect(
      existsSync(SERVER_BUILD),
      'the storefront is built first (`pnpm --filter @marketkit/storefront build`)',
    ).toBe(true);
    // React Router's server build exports the browser's asset manifest as `assets` (ServerBuild).
    const build = (await import(pathToFileURL(SERVER_BUILD).href)) as { assets: AssetsManifest };
    const measured: Record<string, number> = {};
    for (const route of pageRoutes(build.assets))
      measured[routeAddress(build.assets, route)] = gzipKiB(
        firstLoadScripts(build.assets, route),
        join(ROOT, 'build/client'),
      );
    if (process.env.UPDATE_ROUTE_BUDGETS === '1') {
      const file = JSON.parse(readFileSync(BUDGET_FILE, 'utf8')) as { toleranceKiB: number };
      const routes = Object.fromEntries(Object.entries(measured).sort(([a], [b]) => a.localeCompare(b)));
      writeFileSync(BUDGET_FILE, `${JSON.stringify({ ...file, routes }, null, 2)}\n`);
    }
    const file = JSON.parse(readFileSync(BUDGET_FILE, 'utf8')) as {
      toleranceKiB: number;
      routes: Record<string, number>;
    };
    expect(
      budgetProblems(measured, file.routes, file.toleranceKiB),
      'routes against route-js-budget.json',
    ).toEqual([]);
  });
});
