// The servers every browser part measures against, started once per run: the sandbox services host,
// the built storefront on its own server (server rendering; the sandbox proxied under /api), the SPA
// build on a host of static files, and the two baselines built in the same run — a bare Vite + React
// page and a static HTML page — on that same static host (brotli or gzip, as the storefront's server).
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandboxServer } from '@marketkit/sandbox/node';
import { build } from 'vite';
import { startStorefrontServer } from '../../apps/storefront/build-server/start.js';
import { startStaticHost } from '../../apps/storefront/build-server/static-host.js';

const bench = join(dirname(fileURLToPath(import.meta.url)), '..');
const storefront = join(bench, '..', 'apps', 'storefront');
/** The browser's files of the server-rendered build, and of the SPA build (for initial-JS sizing). */
export const STOREFRONT_DIST = join(storefront, 'build', 'client');
export const SPA_DIST = join(storefront, 'build-spa', 'client');
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
 * Starts the sandbox, the storefront's server, the SPA host and (with `baselines`, after
 * `buildBaselines()`) the two baselines. Store origins use the stores' host names (`demo.localhost`,
 * `souq.localhost`), mapped to 127.0.0.1 by the browser flags.
 */
export async function startServers({ baselines = false } = {}) {
  for (const dist of [STOREFRONT_DIST, SPA_DIST])
    if (!existsSync(dist))
      throw new Error(`No storefront build at ${dist}: run \`pnpm bench:run\` (it builds first).`);
  // The control API resets the sandbox between cases.
  const sandbox = await startSandboxServer({ port: 0, log: () => {}, controlApi: true });
  const started = [];
  const start = async (server) => {
    const running = await server;
    started.push(running);
    return running;
  };
  try {
    const server = await start(startStorefrontServer({ servicesHost: sandbox.url }));
    const spa = await start(startStaticHost({ servicesHost: sandbox.url }));
    const reactBaseline = baselines
      ? await start(startStaticHost({ servicesHost: sandbox.url, root: REACT_BASELINE_DIST }))
      : null;
    const staticBaseline = baselines
      ? await start(startStaticHost({ servicesHost: sandbox.url, root: STATIC_BASELINE_DIST }))
      : null;
    return {
      sandboxUrl: sandbox.url,
      /** The server-rendered storefront of a store (`demo` by default). */
      storefrontOrigin: `http://demo.localhost:${server.port}`,
      originOf: (store) => `http://${store}.localhost:${server.port}`,
      /** The SPA build of the demo store, from the static host. */
      spaOrigin: `http://demo.localhost:${spa.port}`,
      reactBaselineOrigin: reactBaseline ? `http://127.0.0.1:${reactBaseline.port}` : null,
      staticBaselineOrigin: staticBaseline ? `http://127.0.0.1:${staticBaseline.port}` : null,
      /** Back to the seed: carts, sessions and orders as they were at start. */
      resetSandbox: async () => {
        const response = await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });
        if (!response.ok) throw new Error(`Sandbox reset failed: HTTP ${response.status}`);
      },
      close: async () => {
        await Promise.all(started.map((running) => running.close()));
        await sandbox.close();
      },
    };
  } catch (error) {
    await Promise.all(started.map((running) => running.close()));
    await sandbox.close();
    throw error;
  }
}
