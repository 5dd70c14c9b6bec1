// The SPA build (`build-spa/client`) as a host that serves static files only would serve it (a CDN,
// an object store): a prerendered page gets its own file (`/productListing` → `productListing/index.html`),
// every other route the shell (`__spa-fallback.html`, or `index.html` without one), assets are immutable, `config.json` says where the
// services host is (the browser calls it directly: it must allow the storefront's origin). For the
// browser tests and the bench; a real static host needs only the files and that one rule.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, isAbsolute, join, normalize, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { listen, type RunningServer } from './listen.ts';
import { BUILD } from './paths.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
};

/** The HTML files of a build (its prerendered pages and the shell), not looking into its assets. */
function htmlFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html') && !file.startsWith(`assets${sep}`))
    .map((file) => join(root, file));
}

/** The SPA build served as a static host would serve it (a page's own file, else the shell). */
export async function startStaticHost({
  servicesHost,
  port = 0,
  host = '127.0.0.1',
  root = join(BUILD, '..', 'build-spa', 'client'),
}: {
  servicesHost: string;
  port?: number;
  host?: string;
  root?: string;
}): Promise<RunningServer> {
  if (!existsSync(join(root, 'index.html')))
    throw new Error(
      `No index.html in ${root} (the SPA build: pnpm --filter @marketkit/storefront build:spa)`,
    );
  // The SPA build's configuration, pointed at this services host (a root without one, e.g. a bench
  // baseline page, gets the services host alone).
  const builtConfig = join(root, 'config.json');
  const built: { paymentOrigins?: string[] } = existsSync(builtConfig)
    ? JSON.parse(readFileSync(builtConfig, 'utf8'))
    : {};
  // The pages' inline scripts never change after the build: a static host allows them by hash.
  const inline = htmlFiles(root).flatMap((file) => [
    ...readFileSync(file, 'utf8').matchAll(
      /<script(?![^>]*\bsrc=)(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g,
    ),
  ]);
  const hashes = [
    ...new Set(
      inline.map(
        ([, code]) =>
          `'sha256-${createHash('sha256')
            .update(code ?? '')
            .digest('base64')}'`,
      ),
    ),
  ];
  // Every path without a file of its own: the shell React Router writes beside prerendered pages.
  const fallback = existsSync(join(root, '__spa-fallback.html'))
    ? join(root, '__spa-fallback.html')
    : join(root, 'index.html');
  const shellPolicy = [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${new URL(servicesHost).origin}`,
    `connect-src 'self' ${new URL(servicesHost).origin}`,
    `form-action 'self' ${new URL(servicesHost).origin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const config = JSON.stringify({
    ...built,
    servicesHost,
    paymentOrigins: [...new Set([...(built.paymentOrigins ?? []), new URL(servicesHost).origin])],
  });
  // The files never change while the host runs: each is read and compressed once.
  const bodies = new Map<string, Buffer>();
  const encoded = (file: string, encoding: 'br' | 'gzip' | null) => {
    const key = `${encoding}|${file}`;
    let body = bodies.get(key);
    if (!body) {
      const raw = readFileSync(file);
      body =
        encoding === 'br'
          ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
          : encoding === 'gzip'
            ? gzipSync(raw)
            : raw;
      bodies.set(key, body);
    }
    return body;
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/config.json') {
      response.writeHead(200, { 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-store' });
      response.end(config);
      return;
    }
    // A path that does not decode names no file: the shell answers it.
    let path: string | null = null;
    try {
      path = normalize(join(root, decodeURIComponent(url.pathname)));
    } catch {}
    const rel = path === null ? '..' : relative(root, path);
    // The root itself is a folder too: `/` is its index.html (the prerendered home page).
    const inside = path !== null && !rel.startsWith('..') && !isAbsolute(rel);
    const found = path !== null && inside && existsSync(path) ? statSync(path) : null;
    // A prerendered page is a folder's index.html (`/productListing` and `/productListing/` alike).
    const page =
      path && found?.isDirectory() && existsSync(join(path, 'index.html')) ? join(path, 'index.html') : null;
    const file = path && found?.isFile() ? path : page;
    if (!file && extname(url.pathname) !== '') {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Not found');
      return;
    }
    const served = file ?? fallback;
    const type = extname(served);
    const accepted = request.headers['accept-encoding'] ?? '';
    // As the storefront's server (the `compression` package): brotli at quality 4 when the browser
    // takes it, else gzip.
    const encoding =
      type === '.png' ? null : /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    const body = encoded(served, encoding);
    response.writeHead(200, {
      ...(type === '.html' ? { 'Content-Security-Policy': `${shellPolicy}` } : {}),
      'Content-Type': TYPES[type] ?? 'application/octet-stream',
      'Cache-Control': served.includes(`${join(root, 'assets')}/`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
      Vary: 'Accept-Encoding',
    });
    response.end(body);
  });
  return listen(server, port, host);
}
