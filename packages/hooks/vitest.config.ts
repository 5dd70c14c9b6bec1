import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.ts';

export default mergeConfig(
  sharedConfig,
  defineConfig({
    test: {
      name: 'hooks',
      environment: 'node',
      include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
      setupFiles: ['test/setup-dom.ts'],
    },
  }),
);
