import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** What a route's entry in React Router's asset manifest (`ServerBuild['assets']`) says about its code. */
export interface ManifestRoute {
  id: string;
  parentId?: string | undefined;
  path?: string | undefined;
  index?: boolean | undefined;
  module: string;
  imports?: string[] | undefined;
}

/** The part of React Router's asset manifest (the server build's `assets` export) this check reads. */
export interface AssetsManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/**
 * The scripts a route's page loads before any interaction: the client entry and what it imports, then
 * the module of the route and of each route above it (root, layouts) with their static imports — what
 * React Router lists as `modulepreload` links. Code behind a dynamic import (a dialog's content, the
 * toaster, idle-time sections) is not in it. Sorted, each once.
 */
export function firstLoadScripts(manifest: AssetsManifest, routeId: string): string[] {
  const scripts = new Set([manifest.entry.module, ...manifest.entry.imports]);
  const seen = new Set<string>();
  for (let id: string | undefined = routeId; id !== undefined; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`The asset manifest has no route "${id}" (asked for by "${routeId}").`);
    if (seen.has(id)) throw new Error(`The asset manifest's routes loop at "${id}".`);
    seen.add(id);
    scripts.add(route.module);
    for (const script of route.imports ?? []) scripts.add(script);
  }
  return [...scripts].sort();
}

/** The route's address as a shopper writes it (`/`, `/productListing`, `/checkout/:checkoutId`). */
export function routeAddress(manifest: AssetsManifest, routeId: string): string {
  const parts: string[] = [];
  for (let id: string | undefined = routeId; id !== undefined; id = manifest.routes[id]?.parentId) {
    const path = manifest.routes[id]?.path;
    if (path) parts.unshift(path);
  }
  return `/${parts.join('/')}`;
}

/** Pages a shopper can open: routes with a page of their own (no layout, no root). */
export function pageRoutes(manifest: AssetsManifest): string[] {
  const parents = new Set(Object.values(manifest.routes).map((route) => route.parentId));
  return Object.keys(manifest.routes)
    .filter((id) => !parents.has(id))
    .sort();
}

/** KiB of gzip (level 9, as the bench measures) of each script, added up; paths are under `clientDir`. */
export function gzipKiB(scripts: readonly string[], clientDir: string): number {
  let bytes = 0;
  for (const script of scripts) bytes += gzipSync(readFileSync(join(clientDir, script)), { level: 9 }).length;
  return Math.round((bytes / 1024) * 10) / 10;
}

/** A route over its budget by more than the tolerance, or one the budget file does not know. */
export type BudgetProblem =
  | { route: string; kind: 'over'; kib: number; budget: number }
  | { route: string; kind: 'unbudgeted'; kib: number }
  | { route: string; kind: 'gone'; budget: number };

/** Where a route's first load stands against its budget: more than the tolerance over or under it. */
export type BudgetVerdict = 'over' | 'under' | 'within' | 'unbudgeted';

/**
 * A route more than `toleranceKiB` over its budget fails; more than `toleranceKiB` under it passes but
 * is said, so the budget gets tightened; a route without a budget is its own case.
 */
export function budgetVerdict(kib: number, budget: number | undefined, toleranceKiB: number): BudgetVerdict {
  if (budget === undefined) return 'unbudgeted';
  if (kib > budget + toleranceKiB) return 'over';
  if (kib < budget - toleranceKiB) return 'under';
  return 'within';
}

/**
 * Compares measured first loads with the budget file's: a route more than `toleranceKiB` over its
 * budget, a route without one, and a budget whose route no longer exists are each a problem.
 */
export function budgetProblems(
  measured: Readonly<Record<string, number>>,
  budgets: Readonly<Record<string, number>>,
  toleranceKiB: number,
): BudgetProblem[] {
  const problems: BudgetProblem[] = [];
  for (const [route, kib] of Object.entries(measured)) {
    const budget = budgets[route];
    const verdict = budgetVerdict(kib, budget, toleranceKiB);
    if (budget === undefined) problems.push({ route, kind: 'unbudgeted', kib });
    else if (verdict === 'over') problems.push({ route, kind: 'over', kib, budget });
  }
  for (const [route, budget] of Object.entries(budgets))
    if (!(route in measured)) problems.push({ route, kind: 'gone', budget });
  return problems;
}
