import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';
import { earlyScripts } from './vite/early-scripts.ts';

const spa = process.env.MARKETKIT_SPA === '1';

/** A route module's server loader, by this app's convention: one re-export from a `.server` module. */
export const SERVER_LOADER = /^export \{ (loader|action) \} from '\.\/[\w./-]+\.server\.ts';\n/gm;

/**
 * The SPA build (react-router.config.ts) has no server to run route loaders, and React Router refuses
 * a route module that exports one. Every loader here is a server's head start on what the browser
 * would otherwise fetch itself (the client loaders and the hooks do that), so in that build the
 * re-export is left out; the `.server` module it names is then never part of the build.
 */
function withoutServerLoaders(): Plugin {
  return {
    name: 'marketkit-spa-without-server-loaders',
    enforce: 'pre',
    transform(code, id) {
      if (!spa || !id.includes('/src/') || !/\.tsx?$/.test(id.split('?')[0] ?? '')) return null;
      const stripped = code.replace(SERVER_LOADER, '');
      return stripped === code ? null : { code: stripped, map: null };
    },
  };
}

/** The design card's libraries that every page loads (and theirs); nothing only some screens use. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|zustand|openapi-fetch|use-sync-external-store)[\\/]/;

// One build for every store: nothing tenant-specific is compiled in (the runtime configuration and
// the request's host decide).
export default defineConfig({
  plugins: [withoutServerLoaders(), earlyScripts(), tailwindcss(), reactRouter()],
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
            // The stack's libraries that every page runs, in one file: split where their importers
            // fall, they came in a dozen pieces, each compressed on its own (≈ 8 KiB more gzip for the
            // same code, and as many requests). They change only with upgrades, so the file stays
            // cached across deploys.
            codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK }] },
          },
        },
      },
    },
  },
  server: { port: 5173, host: '127.0.0.1' },
});
