import { type BrowserContext, test as base, expect } from '@playwright/test';

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

/**
 * Playwright's `test` for every browser test of the storefront: the whole run happens under the
 * storefront's Content-Security-Policy, and a test fails when any of its pages reported a violation.
 */
export const test = base.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations = await watchCsp(context);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
