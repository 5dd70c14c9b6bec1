import type { Page, Request, Route } from '@playwright/test';

/** Lighthouse's mobile CPU: four times slower than this machine. */
export const MOBILE_CPU_SLOWDOWN = 4;

/** Every script file of the page's own code (the page itself and the inline early script are not held). */
const CODE = /\/assets\/.+\.m?js(\?.*)?$/;

export interface BeforeHydration {
  /** The script requests held back so far (the app's entry and route modules). */
  held(): readonly Request[];
  /** Lets the page's code through (held requests and every later one), then waits for React's root. */
  release(options?: { hydrated?: boolean }): Promise<void>;
}

/**
 * Opens `url` as a shopper on a slow phone meets it: the page is handed over as soon as its HTML starts
 * arriving (`waitUntil: 'commit'`), the CPU is slowed through the DevTools protocol, and the page's code
 * is held back until `release()`, so whatever the test does in between happens before hydration, every
 * time, however fast the machine. Acts are then a shopper's: wait for a control to be visible and use it.
 */
export async function openBeforeHydration(
  page: Page,
  url: string,
  { cpuSlowdown = MOBILE_CPU_SLOWDOWN }: { cpuSlowdown?: number } = {},
): Promise<BeforeHydration> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const waiting: Route[] = [];
  const held: Request[] = [];
  let open = false;
  const hold = async (route: Route) => {
    if (open) return route.continue();
    held.push(route.request());
    waiting.push(route);
  };
  await page.route(CODE, hold);
  await page.goto(url, { waitUntil: 'commit' });
  return {
    held: () => held,
    async release({ hydrated = true } = {}) {
      open = true;
      await page.unroute(CODE, hold);
      await Promise.all(waiting.splice(0).map((route) => route.continue().catch(() => {})));
      // A slowed CPU and a whole app to start: a loaded 2-core machine measured up to ~20 s here.
      if (hydrated)
        await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, {
          timeout: 45_000,
        });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => {});
    },
  };
}
