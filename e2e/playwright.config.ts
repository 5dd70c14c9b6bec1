import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/artifacts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Limits only stop a test that hangs; they are sized for a loaded two-core machine. A sign-up journey
  // that takes 8 s on a quiet one ran out of 30 s beside another test run (load 6–7).
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.MARKETKIT_RESULTS
    ? [['list'], ['json', { outputFile: 'test-results/playwright.json' }]]
    : [['list']],
  use: {
    browserName: 'chromium',
    // Debian's Chromium (installed by `npm test` when missing); Playwright's own download is not used.
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'default', testIgnore: 'no-js/**' },
    // The storefront as a shopper without JavaScript meets it: links, GET forms and route actions.
    { name: 'no-js', testMatch: 'no-js/*.spec.ts', use: { javaScriptEnabled: false } },
  ],
});
