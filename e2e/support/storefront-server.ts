import { startStorefrontServer } from '../../apps/storefront/server/start.mjs';

/**
 * The built storefront's server on a free port, calling the given services host. `buildRoot` picks
 * another build of the app (`apps/storefront/build-dev`: React's development code).
 */
export async function startStorefront(servicesHost: string, options: { buildRoot?: string } = {}) {
  const server = await startStorefrontServer({ servicesHost, ...options });
  return {
    port: server.port,
    /** The storefront as a store's host name: `demo.localhost:port`. */
    origin: (store: string) => `http://${store}.localhost:${server.port}`,
    close: server.close,
  };
}
