import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { earlyScripts } from './vite/early-scripts.ts';

const spa = process.env.MARKETKIT_SPA === '1';

/** The design card's libraries that every page loads (and theirs); nothing only some screens use. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|zustand|openapi-fetch|use-sync-external-store)[\\/]/;

/**
 * Every page runs the client entry and the root route (the frame): what they use, whoever else uses
 * it too, is in every first load.
 */
const EVERY_PAGE = new Set(
  ['src/entry.client.tsx', 'src/root.tsx'].map((file) => fileURLToPath(new URL(file, import.meta.url))),
);

// One build for every store: nothing tenant-specific is compiled in (the runtime configuration and
// the request's host decide).
export default defineConfig({
  plugins: [earlyScripts({ spa }), tailwindcss(), reactRouter()],
  // Which build this is, for the code that differs (the root's data: src/root.tsx). Each page's server
  // exports are left out of the SPA build by its routes (src/routes.ts).
  define: { __MARKETKIT_SPA__: JSON.stringify(spa) },
  resolve: { conditions: ['@marketkit/source', ...defaultClientConditions] },
  ssr: {
    resolve: { conditions: ['@marketkit/source', ...defaultServerConditions] },
    // The workspace packages resolve to their TypeScript source: bundled into the server build.
    noExternal: [/^@marketkit\//],
  },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 200 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // The stack's libraries that every page runs, in one file: split where their importers
                // fall, they came in a dozen pieces, each compressed on its own (≈ 8 KiB more gzip for
                // the same code, and as many requests). They change only with upgrades, so the file
                // stays cached across deploys.
                { name: 'framework', test: FRAMEWORK, priority: 2 },
                // The rest of every page's first load in one file too: the frame and what it uses
                // (a group takes its modules' dependencies as linked after tree-shaking), which Rolldown
                // otherwise splits by which routes share each module, ~30 files each compressed on its
                // own. What loads on demand (dynamic imports) stays out. A route module's id carries a
                // query of the router's: the file is what counts.
                { name: 'app', test: (id) => EVERY_PAGE.has(id.split('?')[0] ?? id), priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  server: { port: 5173, host: '127.0.0.1' },
});
