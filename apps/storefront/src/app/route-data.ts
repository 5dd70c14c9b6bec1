import type { DehydratedState } from '@tanstack/react-query';

/** What a route's loader gives: the answers its screen shows first, for the query cache. */
export interface RouteData {
  dehydrated: DehydratedState | null;
}

/**
 * A data route's loader in the browser (client navigations, the SPA build): nothing to wait for. The
 * screen's hooks ask for what it shows, and the query cache answers a revisit at once; only the
 * server, which has no cache to draw from, asks before rendering.
 */
export async function clientLoader(): Promise<RouteData> {
  return { dehydrated: null };
}
