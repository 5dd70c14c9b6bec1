import { startStorefrontServer } from '../../scripts/storefront-server.mjs';

/** The built storefront on a free port, with its runtime config pointing at the given services host. */
export async function startStorefront(servicesHost: string) {
  const server = await startStorefrontServer({ servicesHost });
  return {
    port: server.port,
    /** The storefront as a store's host name: `demo.localhost:port`. */
    origin: (store: string) => `http://${store}.localhost:${server.port}`,
    close: server.close,
  };
}
