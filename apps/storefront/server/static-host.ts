// The SPA build (`build-spa/client`) as a host that serves static files only would serve it (a CDN,
// an object store): every route gets index.html, assets are immutable, `config.json` says where the
// services host is (the browser calls it directly: it must allow the storefront's origin). For the
// browser tests and the bench; a real static host needs only the files and that one rule.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, isAbsolute, join, normalize, relative } from 'node:path';
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

/** The SPA build served as a static host would serve it (every route gets index.html). */
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
  // The shell's inline scripts never change after the build: a static host allows them by hash.
  const shell = readFileSync(join(root, 'index.html'), 'utf8');
  const hashes = [
    ...shell.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g),
  ].map(
    ([, code]) =>
      `'sha256-${createHash('sha256')
        .update(code ?? '')
        .digest('base64')}'`,
  );
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
    let path = root;
    try {
      path = normalize(join(root, decodeURIComponent(url.pathname)));
    } catch {}
    const rel = relative(root, path);
    const inside = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
    const file = inside && existsSync(path) && statSync(path).isFile() ? path : null;
    if (!file && extname(url.pathname) !== '') {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Not found');
      return;
    }
    const served = file ?? join(root, 'index.html');
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
