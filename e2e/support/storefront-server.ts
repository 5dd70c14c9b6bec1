import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../../apps/storefront/dist', import.meta.url));
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
};

/** Serves the built storefront (SPA fallback) with a runtime /config.json pointing at the given services host. */
export async function startStorefront(servicesHost: string, options: { failChunk?: RegExp } = {}) {
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error('Build the storefront first (pnpm --filter @marketkit/storefront build)');
  let failures = 0;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/config.json') {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      response.end(
        JSON.stringify({ servicesHost, languageHost: '/locales', store: null, defaultStore: 'demo' }),
      );
      return;
    }
    if (options.failChunk?.test(url.pathname) && failures === 0) {
      failures += 1;
      response.writeHead(503).end();
      return;
    }
    const path = normalize(join(DIST, decodeURIComponent(url.pathname)));
    const file =
      path.startsWith(DIST) && existsSync(path) && statSync(path).isFile() ? path : join(DIST, 'index.html');
    response.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'X-Content-Type-Options': 'nosniff',
    });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    /** The storefront as a store's host name: `demo.localhost:port`. */
    origin: (store: string) => `http://${store}.localhost:${port}`,
    failures: () => failures,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
