import { defineConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.ts';

// The shared settings (workers, JSON results for the summary) without its `@marketkit/source`
// condition: the example runs against the built packages (`dist`), as an app that installed them would.
const { resolve: _sourceCondition, ssr: _ssrSourceCondition, ...shared } = sharedConfig;

export default defineConfig({
  ...shared,
  test: {
    ...shared.test,
    name: 'example-headless-cart',
    environment: 'jsdom',
    include: ['test/**/*.test.tsx'],
    setupFiles: ['test/setup-dom.ts'],
  },
});
