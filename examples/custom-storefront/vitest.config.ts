import { defineConfig } from 'vitest/config';

// Self-contained (it also runs in the apps `npm create @marketkit/storefront` makes). MARKETKIT_RESULTS=1
// writes test-results/vitest.json (the Marketkit repository's `npm test` adds it to its summary).
const writeResults = process.env.MARKETKIT_RESULTS === '1';

export default defineConfig({
  test: {
    name: 'example-custom-storefront',
    environment: 'jsdom',
    include: ['test/**/*.test.tsx'],
    globalSetup: ['test/sandbox.ts'],
    pool: 'threads',
    maxWorkers: 2,
    // Sized for a loaded 2-core machine: the checkout journey took 30.8 s at load 28 (four busy loops
    // beside other jobs) against 30 s. A limit only stops a test that hangs.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    setupFiles: ['test/setup-dom.ts'],
    reporters: writeResults ? ['default', 'json'] : ['default'],
    outputFile: writeResults ? { json: 'test-results/vitest.json' } : undefined,
  },
});
