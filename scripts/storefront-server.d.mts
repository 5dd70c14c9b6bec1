export function startStorefrontServer(options: {
  servicesHost: string;
  port?: number;
  host?: string;
  languageHost?: string;
  /** A built app to serve (default: apps/storefront/dist). */
  root?: string;
  /** Proxy the services host under /api on the storefront's origin (default true). */
  proxy?: boolean;
}): Promise<{ port: number; close(): Promise<void> }>;
