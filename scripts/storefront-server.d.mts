export function startStorefrontServer(options: {
  servicesHost: string;
  port?: number;
  host?: string;
  languageHost?: string;
  /** A built app to serve (default: apps/storefront/dist). */
  root?: string;
  /** Proxy the services host under /api on the storefront's origin (default true). */
  proxy?: boolean;
  /** Origins the payment forms may post to (default: config.json's plus the services host's). */
  paymentOrigins?: readonly string[];
}): Promise<{ port: number; close(): Promise<void> }>;
/** The storefront's security headers (CSP, nosniff, referrer policy…) for a runtime configuration. */
export function securityHeaders(config: {
  servicesHost: string;
  languageHost?: string;
  paymentOrigins?: readonly string[];
}): Record<string, string>;
