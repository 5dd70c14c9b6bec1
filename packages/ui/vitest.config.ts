import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedConfig } from '../../vitest.shared.ts';

export default mergeConfig(
  sharedConfig,
  defineConfig({ test: { name: 'ui', environment: 'jsdom', setupFiles: ['test/setup-dom.ts'] } }),
);
