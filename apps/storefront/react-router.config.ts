import type { Config } from '@react-router/dev/config';

/**
 * One app, two builds. By default the storefront's server renders every page (`build/`, served by
 * `server/`); `MARKETKIT_SPA=1` builds the same routes as a single-page app for a host that serves
 * static files only (`build-spa/client/`), whose first screen the browser draws. `MARKETKIT_DEV_BUILD=1`
 * is the server build with React's development code (`build-dev/`): the browser tests use it to see
 * every hydration warning React has, attributes included.
 */
const spa = process.env.MARKETKIT_SPA === '1';
const dev = process.env.MARKETKIT_DEV_BUILD === '1';

export default {
  appDirectory: 'src',
  ssr: !spa,
  buildDirectory: spa ? 'build-spa' : dev ? 'build-dev' : 'build',
  // Every route's entry is in the page (≈2 KiB): links need no /__manifest round trip.
  routeDiscovery: { mode: 'initial' },
  // The SPA build's catalogue pages as their own files, each naming its route's modules (preloaded with
  // the app's, not after it) and its texts; every other path gets the shell (`__spa-fallback.html`).
  // Nothing of a store is in them: the browser still asks for the store by its host name.
  ...(spa ? { prerender: ['/', '/productListing', '/ProductDetails'] } : {}),
} satisfies Config;
