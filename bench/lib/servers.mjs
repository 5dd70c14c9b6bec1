// The servers every browser part measures against, started once per run: the sandbox services host,
// the built storefront (proxying the sandbox under /api), and the two baselines built in the same run —
// a bare Vite + React page and a static HTML page — served by the same server code as the storefront.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandboxServer } from '@marketkit/sandbox/node';
import { build } from 'vite';
import { startStorefrontServer } from '../../scripts/storefront-server.mjs';

const bench = join(dirname(fileURLToPath(import.meta.url)), '..');
export const STOREFRONT_DIST = join(bench, '..', 'apps', 'storefront', 'dist');
const OUT = join(bench, '.out');
export const REACT_BASELINE_DIST = join(OUT, 'baseline');
export const STATIC_BASELINE_DIST = join(OUT, 'static');

/** Builds the bare React page with Vite and copies the static page, both into bench/.out. */
export async function buildBaselines() {
  await build({
    root: join(bench, 'baseline'),
    logLevel: 'warn',
    build: { outDir: REACT_BASELINE_DIST, emptyOutDir: true, target: 'es2022', manifest: true },
  });
  rmSync(STATIC_BASELINE_DIST, { recursive: true, force: true });
  mkdirSync(STATIC_BASELINE_DIST, { recursive: true });
  cpSync(join(bench, 'static'), STATIC_BASELINE_DIST, { recursive: true });
}

/**
 * Starts the sandbox, the storefront and (with `baselines`, after `buildBaselines()`) the two
 * baselines. `storefrontOrigin` uses the demo store's host name (`demo.localhost`, mapped to
 * 127.0.0.1 by the browser flags).
 */
export async function startServers({ baselines = false } = {}) {
  if (!existsSync(join(STOREFRONT_DIST, 'index.html')))
    throw new Error(`No storefront build at ${STOREFRONT_DIST}: run \`pnpm bench:run\` (it builds first).`);
  const sandbox = await startSandboxServer({ port: 0, log: () => {} });
  const storefront = await startStorefrontServer({ servicesHost: sandbox.url });
  const reactBaseline = baselines
    ? await startStorefrontServer({ servicesHost: sandbox.url, root: REACT_BASELINE_DIST })
    : null;
  const staticBaseline = baselines
    ? await startStorefrontServer({ servicesHost: sandbox.url, root: STATIC_BASELINE_DIST })
    : null;
  return {
    sandboxUrl: sandbox.url,
    storefrontOrigin: `http://demo.localhost:${storefront.port}`,
    reactBaselineOrigin: reactBaseline ? `http://127.0.0.1:${reactBaseline.port}` : null,
    staticBaselineOrigin: staticBaseline ? `http://127.0.0.1:${staticBaseline.port}` : null,
    /** Back to the seed: carts, sessions and orders as they were at start. */
    resetSandbox: async () => {
      const response = await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });
      if (!response.ok) throw new Error(`Sandbox reset failed: HTTP ${response.status}`);
    },
    close: async () => {
      await Promise.all([storefront.close(), reactBaseline?.close(), staticBaseline?.close()]);
      await sandbox.close();
    },
  };
}
