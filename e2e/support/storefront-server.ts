import { startStorefrontServer } from '../../apps/storefront/server/start.ts';

/**
 * The built storefront's server on a free port, calling the given services host. `buildRoot` picks
 * another build of the app (`apps/storefront/build-dev`: React's development code).
 */
export async function startStorefront(
  servicesHost: string,
  options: { buildRoot?: string; dataTimeoutMs?: number } = {},
) {
  // The browser tests check what a page shows, not how long the server may wait: on a busy two-core
  // machine a cold server can take longer than production's 500 ms, so they allow it 10 s.
  // The sandbox's card gateway is on the services host's origin: the payment forms may post there.
  const server = await startStorefrontServer({
    servicesHost,
    dataTimeoutMs: 10_000,
    paymentOrigins: [new URL(servicesHost).origin],
    ...options,
  });
  return {
    port: server.port,
    /** The storefront as a store's host name: `demo.localhost:port`. */
    origin: (store: string) => `http://${store}.localhost:${server.port}`,
    close: server.close,
  };
}
