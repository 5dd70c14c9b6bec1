import type { Config } from '@react-router/dev/config';

/**
 * One app, two builds. By default the storefront's server renders every page (`build/`, served by
 * `server/`); `MARKETKIT_SPA=1` builds the same routes as a single-page app for a host that serves
 * static files only (`build-spa/client/`), whose first screen the browser draws.
 */
const spa = process.env.MARKETKIT_SPA === '1';

export default {
  appDirectory: 'src',
  ssr: !spa,
  buildDirectory: spa ? 'build-spa' : 'build',
  // Every route's entry is in the page (≈2 KiB): links need no /__manifest round trip, and the chunk
  // guard (src/app/route-modules.ts) knows every route's module before the shopper follows a link.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
