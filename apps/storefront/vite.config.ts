import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const BOOT_SOURCE = 'src/boot/entry.ts';

/**
 * The boot script: a second, small entry that index.html loads `async` ahead of the app, so runtime
 * configuration, the store calls and the shell's texts are requested while the app's JavaScript is
 * still downloading (the app then takes them from the shared boot module).
 */
function bootScript(): Plugin {
  return {
    name: 'marketkit-boot-script',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === 'boot',
        );
        const src = chunk && chunk.type === 'chunk' ? `/${chunk.fileName}` : `/${BOOT_SOURCE}`;
        // Its imports first in line too (before the app's own chunks), so it runs within one round trip.
        const imports = new Set<string>();
        const visit = (fileName: string) => {
          const output = context.bundle?.[fileName];
          if (output?.type !== 'chunk') return;
          for (const name of output.imports) {
            if (imports.has(name)) continue;
            imports.add(name);
            visit(name);
          }
        };
        if (chunk?.type === 'chunk') visit(chunk.fileName);
        return {
          html,
          tags: [
            // `data-boot`: the storefront's server keeps these in place when it holds back the app's
            // own scripts behind a first view (scripts/storefront-server.mjs).
            {
              tag: 'script',
              attrs: { type: 'module', async: true, src, 'data-boot': true },
              injectTo: 'head-prepend',
            },
            ...[...imports].map((name) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${name}`, 'data-boot': true },
              injectTo: 'head-prepend' as const,
            })),
          ],
        };
      },
    },
  };
}

/** Screen chunks whose dependencies are preloaded when the screen is (see modulePreload below). */
const PRELOADED_SCREENS =
  /^(home|listing|product|cart|wishlist|categories|signin|not-found|coming-soon|index|boot)-/;

// One build for every store: nothing tenant-specific is compiled in (runtime /config.json decides).
export default defineConfig({
  plugins: [react(), tailwindcss(), bootScript()],
  resolve: {
    conditions: ['@marketkit/source', ...defaultClientConditions],
    // React 19 has useSyncExternalStore: the shim's fallback code is dead weight (src/shims).
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/shims/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 200,
    // The shopping screens' dependencies are preloaded with them (they are most first views). The
    // account and payment screens' are not listed in every page's boot code: their imports load when
    // the screen does (one more round trip there, fewer bytes on every shopping page).
    modulePreload: {
      resolveDependencies: (filename, deps) =>
        PRELOADED_SCREENS.test(filename.split('/').pop() ?? '') ? deps : [],
    },
    rolldownOptions: {
      input: { index: 'index.html', boot: BOOT_SOURCE },
      output: {
        codeSplitting: {
          groups: [
            {
              // The boot script's own code, apart: it must not wait for the app's.
              name: 'boot-deps',
              priority: 2,
              includeDependenciesRecursively: false,
              test: /(rolldown[\\/]runtime|vite[\\/]preload-helper|packages[\\/]sdk[\\/]src[\\/]|openapi-fetch|hooks[\\/]src[\\/]prefetch[\\/]|hooks[\\/]src[\\/]core[\\/](store|retry|language|product|format|index)\.ts|hooks[\\/]src[\\/]react[\\/](storage-keys|query-keys)\.ts|storefront[\\/]src[\\/](boot[\\/]|i18n[\\/](i18n|catalog)\.ts|app[\\/](config|screens|routes|route-pattern)\.ts|shell[\\/]namespaces\.ts))/,
            },
            {
              // Small modules the app shell and its lazy screens share: one request on every first
              // view instead of a round trip each (on six connections, a dozen tiny chunks queue).
              name: 'shell',
              priority: 1,
              test: /(hooks[\\/]src[\\/](core[\\/](merge|return-path)|react[\\/]use-cart)\.ts|ui[\\/]src[\\/]toast\.tsx|storefront[\\/]src[\\/](shell[\\/](error-boundary|use-idle|guards|scroll|first-view)|app[\\/]router)\.tsx?|node_modules[\\/]react-dom[\\/](index|cjs[\\/]react-dom\.production)\.js)$/,
            },
            {
              // What the shopping screens share, with what it needs, as one chunk: fewer requests and
              // better compression than a dozen small ones.
              name: 'catalogue',
              priority: 1,
              test: /(src[\\/]catalogue[\\/](product-tile|links|money|failure|thumbnail)|ui[\\/]src[\\/](price|rating|product-card|quantity-stepper|pagination|input)|hooks[\\/]src[\\/]react[\\/](use-products|use-product|use-recently-viewed|use-checkout|use-wishlist|use-language|use-ai-configuration)|hooks[\\/]src[\\/]core[\\/](catalogue|product|format|product-types))\.tsx?$/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, host: '127.0.0.1' },
  preview: { port: 4174, host: '127.0.0.1' },
});
