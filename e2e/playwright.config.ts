import { defineConfig } from '@playwright/test';

// Debian's Chromium (installed by `npm test` when missing); Playwright's own browser download is not used.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/artifacts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  reporter: process.env.MARKETKIT_RESULTS
    ? [['list'], ['json', { outputFile: 'test-results/playwright.json' }]]
    : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Store host names (demo.localhost, souq.localhost…) all reach the local test servers.
        '--host-resolver-rules=MAP *.localhost 127.0.0.1',
      ],
    },
  },
});
