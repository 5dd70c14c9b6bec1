import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { HOOK_TIMEOUT_MS, TEST_TIMEOUT_MS } from './vitest.timeouts.ts';

/**
 * Shared Vitest settings: workspace packages resolve to their TypeScript source (the
 * `@marketkit/source` export condition), so tests never run against a stale `dist`.
 */
// The README's test command sets MARKETKIT_RESULTS=1: each package also writes test-results/vitest.json
// (a cached turbo output), which scripts/marketkit.mjs adds up into one closing "N passed, N failed" line.
const writeResults = process.env.MARKETKIT_RESULTS === '1';

export const sharedConfig = defineConfig({
  resolve: { conditions: ['@marketkit/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@marketkit/source', ...defaultServerConditions] } },
  test: {
    pool: 'threads',
    maxWorkers: 2,
    // Sized for a loaded 2-core machine (see vitest.timeouts.ts); packages with Testing Library also
    // set its `asyncUtilTimeout` in their setup file (test/setup-dom.ts).
    testTimeout: TEST_TIMEOUT_MS,
    hookTimeout: HOOK_TIMEOUT_MS,
    restoreMocks: true,
    unstubGlobals: true,
    typecheck: { enabled: true, include: ['**/*.test-d.ts', '**/*.test-d.tsx'] },
    reporters: writeResults ? ['default', 'json'] : ['default'],
    outputFile: writeResults ? { json: 'test-results/vitest.json' } : undefined,
  },
});
