import type { MarketSnapshot } from '@marketkit/hooks';
import type { PrefetchedStore } from '@marketkit/hooks/prefetch';
import type { DehydratedState } from '@tanstack/react-query';
import { useRouteLoaderData } from 'react-router';
import type { RuntimeConfig } from './config.ts';

/** What the root route gives every screen: from the server's loader, or (SPA build) the browser's. */
export interface RootData {
  config: RuntimeConfig;
  store: string;
  storeId: number | null;
  /** `Online store | {store name}`. */
  title: string;
  /** What the server rendered the page with (null in the SPA build: the browser decides alone). */
  snapshot: MarketSnapshot | null;
  /** The store's answers the server asked for (validation, settings, languages). */
  dehydrated: DehydratedState | null;
  /** SPA build: the store calls, started by the root's client loader before the first render. */
  prefetched?: PrefetchedStore;
}

/** The root route's data (every route renders below it). */
export function useRootData(): RootData {
  const data = useRouteLoaderData('root') as RootData | undefined;
  if (!data) throw new Error('The root route has no data (it failed to load)');
  return data;
}

/** The runtime configuration the page runs with. */
export const useRuntimeConfig = () => useRootData().config;
