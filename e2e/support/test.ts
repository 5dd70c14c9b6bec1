import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

/** A Content-Security-Policy violation reported by a page (`securitypolicyviolation`). */
export interface CspViolation {
  directive: string;
  blocked: string;
  source: string;
  sample: string;
  page: string;
}

/**
 * Records every CSP violation of the pages of `context` (opened from now on) into the list returned.
 * The default `context` of every test is watched already; call this for contexts a test makes itself.
 */
export async function watchCsp(context: BrowserContext) {
  const violations: CspViolation[] = [];
  await context.exposeBinding('__marketkitCspViolation', (_source, violation: CspViolation) => {
    violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __marketkitCspViolation?: (v: unknown) => void }).__marketkitCspViolation?.({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        sample: event.sample,
        page: location.href,
      });
    });
  });
  return violations;
}

/** React's word for a page that did not hydrate as the server rendered it (any build). */
const HYDRATION_PROBLEM =
  /Hydration mismatch|hydration-mismatch|Hydration failed|didn't match|did not match|Minified React error #(418|419|422|423|425)/i;

/**
 * Records every hydration problem the pages of `context` report (a console error of React's, or an
 * uncaught one): the entry logs React's recoverable errors as "Hydration mismatch".
 */
export function watchHydration(context: BrowserContext) {
  const problems: string[] = [];
  context.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION_PROBLEM.test(message.text()))
      problems.push(`${message.page()?.url() ?? ''}: ${message.text().split('\n')[0]}`);
  });
  context.on('weberror', (error) => {
    if (HYDRATION_PROBLEM.test(error.error().message))
      problems.push(`${error.page()?.url() ?? ''}: ${error.error().message.split('\n')[0]}`);
  });
  return problems;
}

/**
 * A storefront page is in the HTML before its app runs: the server renders it, then React hydrates it.
 * A test acts as a shopper who waits for the page to respond, so `goto` and `reload` of every page
 * resolve once the app has taken the page over (the root marks `<html data-hydrated>`). A test that
 * means to act before (or to watch a page that never hydrates) passes `waitUntil` itself.
 */
function waitForApps(page: Page) {
  const patched = page as Page & { __waitsForApp?: true };
  if (patched.__waitsForApp) return;
  patched.__waitsForApp = true;
  const hydrated = async (response: Awaited<ReturnType<Page['goto']>>) => {
    if (!response?.headers()['content-type']?.includes('text/html') || response.status() >= 500) return;
    // Only the storefront's pages (the sandbox's gateway page, say, has no app to wait for).
    if (!(await response.text().catch(() => '')).includes('__reactRouterContext')) return;
    // An expect's bound (playwright.config.ts, sized for a loaded 2-core machine): hydration is a step
    // here, not the test's subject, and a page that never hydrates fails here, not at the test's 90 s.
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, {
      timeout: 15_000,
    });
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!options?.waitUntil) await hydrated(response);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (!options?.waitUntil) await hydrated(response);
    return response;
  };
}

/**
 * Playwright's `test` for every browser test of the storefront: the whole run happens under the
 * storefront's Content-Security-Policy, and a test fails when any of its pages reported a violation
 * or did not hydrate as the server rendered it.
 */
export const test = base.extend<{ cspViolations: CspViolation[]; hydrationProblems: string[] }>({
  context: async ({ context }, use) => {
    for (const page of context.pages()) waitForApps(page);
    context.on('page', waitForApps);
    await use(context);
  },
  page: async ({ page }, use) => {
    waitForApps(page);
    await use(page);
  },
  cspViolations: [
    async ({ context }, use) => {
      const violations = await watchCsp(context);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  hydrationProblems: [
    async ({ context }, use) => {
      const problems = watchHydration(context);
      await use(problems);
      expect(problems, 'pages that did not hydrate as the server rendered them').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits for the page's app to have taken over the server's HTML (`goto` and `reload` do it already). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
}
