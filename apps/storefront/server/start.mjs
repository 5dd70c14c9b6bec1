// Starts the storefront's server on a port: what `npm run demo`, the browser tests and the bench use.
import { createServer } from 'node:http';
import { createStorefrontApp } from './app.mjs';

/** @param {import('./app.d.mts').StartOptions} options */
export async function startStorefrontServer({ port = 0, host = '127.0.0.1', ...options }) {
  const { app } = await createStorefrontApp(options);
  const server = createServer(app);
  // Idle keep-alive sockets go before a load balancer's would (its default is 60 s).
  server.keepAliveTimeout = 65_000;
  return listen(server, port, host);
}

/**
 * Starts `server` on `port` (0: any free one) and `host`: the port it got, and a `close` that ends its
 * open connections too.
 * @param {import('node:http').Server} server
 * @param {number} port
 * @param {string} host
 */
export async function listen(server, port, host) {
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
