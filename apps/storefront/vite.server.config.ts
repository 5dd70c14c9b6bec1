import { defineConfig } from 'vite';

/**
 * The storefront's server (`server/*.ts`) built for Node into `build-server/`, one file per module so
 * `node-env` still runs before anything that loads React. Its packages stay imports (workspace ones
 * too): the server runs beside its node_modules.
 */
export default defineConfig({
  publicDir: false,
  ssr: { external: true },
  build: {
    ssr: true,
    outDir: 'build-server',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rolldownOptions: {
      external: [/^@marketkit\//],
      input: [
        'server/main.ts',
        'server/start.ts',
        'server/static-host.ts',
        'server/dev.ts',
        'server/dev-main.ts',
        'server/precompress.ts',
      ],
      output: { preserveModules: true, preserveModulesRoot: 'server', entryFileNames: '[name].js' },
    },
  },
});
