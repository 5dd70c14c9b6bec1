// The storefront in production: the built app (`build/`) on a port. What `node build-server/main.js`,
// `npm run demo`, the browser tests and the bench start.
import './node-env.ts';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import express, { type RequestHandler } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { ServerBuild } from 'react-router';
import { createStorefrontApp, type StorefrontOptions } from './app.ts';
import { listen, type RunningServer } from './listen.ts';
import { BUILD } from './paths.ts';

export interface StartOptions extends StorefrontOptions {
  port?: number;
  host?: string;
  /** The built app (default `apps/storefront/build`; `build-dev` has React's development code). */
  buildRoot?: string;
}

/**
 * The built files. Hashed names (`/assets`) a browser or CDN keeps for a year; the rest it asks again
 * for. A file that is not there is a 404, never a page (a broken image asks for a file, not HTML), and
 * source maps stay on the machine (they hold the sources).
 */
function builtFiles(clientRoot: string): RequestHandler[] {
  const notFound: RequestHandler = (_request, response) => {
    response.status(404).type('text/plain').set('Cache-Control', 'no-store').send('Not found');
  };
  return [
    (request, response, next) => (request.path.endsWith('.map') ? notFound(request, response, next) : next()),
    // Each file's `.br` or `.gz` beside it (written once by precompress.ts) when the browser takes it.
    express.Router().use(
      '/assets',
      expressStaticGzip(join(clientRoot, 'assets'), {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: { immutable: true, maxAge: '1y', index: false, fallthrough: false },
      }),
    ),
    expressStaticGzip(clientRoot, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: {
        index: false,
        setHeaders: (response) => response.setHeader('Cache-Control', 'no-cache'),
      },
    }),
    (request, response, next) => {
      const { pathname } = new URL(request.originalUrl, 'http://x');
      // React Router's own data requests (`.data`) are pages' data, not files.
      if (/\.[a-z0-9]{1,8}$/i.test(pathname) && !pathname.endsWith('.data'))
        notFound(request, response, next);
      else next();
    },
  ];
}

/** The production storefront as an Express app over a build. */
export async function createProductionApp({
  buildRoot = BUILD,
  ...options
}: StorefrontOptions & { buildRoot?: string }) {
  const serverBuild = join(buildRoot, 'server', 'index.js');
  if (!existsSync(serverBuild))
    throw new Error(`Nothing built at ${buildRoot} (pnpm --filter @marketkit/storefront build)`);
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  const clientRoot = join(buildRoot, 'client');
  return createStorefrontApp(options, {
    build,
    mode: 'production',
    clientRoot,
    files: builtFiles(clientRoot),
    compress: true,
  });
}

export async function startStorefrontServer({
  port = 0,
  host = '127.0.0.1',
  ...options
}: StartOptions): Promise<RunningServer> {
  const { app } = await createProductionApp(options);
  const server = createServer(app);
  // Idle keep-alive sockets go before a load balancer's would (its default is 60 s).
  server.keepAliveTimeout = 65_000;
  // A client's headers within 20 s and its whole request within 60 s (Node's defaults are 60 s and
  // 300 s): the backstop to the body limit of `/api` (limits.ts), for every path.
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  return listen(server, port, host);
}
