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
  /** Draw the first view of the shopping pages into the HTML (default true; scripts/first-view.mjs). */
  firstView?: boolean;
  /** How long a drawn first view is reused for the same page (default 30 s; 0 draws every time). */
  firstViewTtlMs?: number;
}): Promise<{ port: number; close(): Promise<void> }>;
/** The page with a first view above the app's root and the app's code held back in a template. */
export function withFirstView(html: string, view: { html: string; answers: object }, path: string): string;
/** The storefront's security headers (CSP, nosniff, referrer policy…) for a runtime configuration. */
export function securityHeaders(config: {
  servicesHost: string;
  languageHost?: string;
  paymentOrigins?: readonly string[];
}): Record<string, string>;
