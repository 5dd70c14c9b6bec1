import type { RuntimeConfig } from '../app/config.ts';

/**
 * What the storefront's server (`server/app.ts`) gives every request's loaders and render, as React
 * Router's load context. Nothing in it belongs to another request.
 */
export interface StorefrontServerContext {
  /** The runtime configuration, as the browser gets it. */
  config: RuntimeConfig;
  /** The services host the server itself calls (`http://127.0.0.1:4010`): the `/api` proxy's upstream. */
  upstream: string;
  /** This response's Content-Security-Policy nonce (React Router's and React's inline scripts carry it). */
  nonce: string;
  /** Sets the page's Content-Security-Policy: `tagManager` for a store that sets a tag (or may). */
  setPagePolicy(features: { tagManager: boolean }): void;
  /** A language given first in the path (`/fr/cart`), taken off before routing; null when none. */
  pathLanguage: string | null;
  /** The built client files (`build/client`): translations of a language host on this origin. */
  clientRoot: string;
  /** How long a page waits for the services host and its texts before it renders without them. */
  dataTimeoutMs: number;
  /** The bound on every call to the services host (then aborted, freeing its socket). */
  upstreamTimeoutMs: number;
  /**
   * Whether the session's real tokens are HttpOnly cookies of this server, the page holding copies
   * (server/session-tokens.ts): so when `/api` is proxied, which swaps the copies back.
   */
  httpOnlyTokens: boolean;
}

declare module 'react-router' {
  interface AppLoadContext {
    storefront?: StorefrontServerContext;
  }
}
