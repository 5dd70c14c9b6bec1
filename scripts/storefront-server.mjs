// Serves the built storefront (SPA fallback) with a runtime /config.json that points at a services
// host. Used by `npm run demo` and by the browser tests.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'storefront', 'dist');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
};

export async function startStorefrontServer({
  servicesHost,
  port = 0,
  host = '127.0.0.1',
  languageHost = '/locales',
}) {
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error('The storefront is not built (pnpm --filter @marketkit/storefront build)');
  const config = JSON.stringify({ servicesHost, languageHost, store: null, defaultStore: 'demo' });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/config.json') {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      response.end(config);
      return;
    }
    const path = normalize(join(DIST, decodeURIComponent(url.pathname)));
    const file =
      path.startsWith(DIST) && existsSync(path) && statSync(path).isFile() ? path : join(DIST, 'index.html');
    response.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
    response.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
