import type { Express } from 'express';

export interface StorefrontOptions {
  /** The services host the server calls, e.g. `http://127.0.0.1:4010`. */
  servicesHost: string;
  /** Where translation files are: a path served from the build (default `/locales`) or a URL. */
  languageHost?: string;
  /** The built app (default `apps/storefront/build`). */
  buildRoot?: string;
  /** Proxy the services host under `/api` on the storefront's origin (default true). */
  proxy?: boolean;
  /**
   * Origins the payment forms may post to (default: config.json's `paymentOrigins`; the services host
   * is not added: pass the sandbox's origin where its payment pages are used).
   */
  paymentOrigins?: readonly string[];
  /** How long a page waits for the services host before it renders without (default 500 ms). */
  dataTimeoutMs?: number;
  /** The bound on every upstream call (default 10 000 ms). */
  upstreamTimeoutMs?: number;
  /** Express's `trust proxy` (behind a load balancer or CDN that sets X-Forwarded-*). */
  trustProxy?: boolean | string | number;
}

export interface StartOptions extends StorefrontOptions {
  port?: number;
  host?: string;
}

export const BUILD: string;
export const DATA_TIMEOUT_MS: number;
export const UPSTREAM_TIMEOUT_MS: number;
export function pathLanguage(pathname: string): { language: string; rest: string } | null;
export function runtimeConfig(options: {
  buildRoot: string;
  servicesHost: string;
  languageHost: string;
  proxy: boolean;
  paymentOrigins?: readonly string[];
}): Record<string, unknown>;
export function createStorefrontApp(
  options: StorefrontOptions,
): Promise<{ app: Express; config: Record<string, unknown> }>;
