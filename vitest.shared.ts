import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

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
    restoreMocks: true,
    unstubGlobals: true,
    typecheck: { enabled: true, include: ['**/*.test-d.ts', '**/*.test-d.tsx'] },
    reporters: writeResults ? ['default', 'json'] : ['default'],
    outputFile: writeResults ? { json: 'test-results/vitest.json' } : undefined,
  },
});
