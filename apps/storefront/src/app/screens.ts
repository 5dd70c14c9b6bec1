import type { ComponentType } from 'react';
import { matchesRoute } from './route-pattern.ts';
import { ROUTES, type RouteSpec } from './routes.ts';

/** Every screen receives its route's title key. */
export type ScreenProps = { title: string };
export type ScreenModule = { default: ComponentType<ScreenProps> };
export type ScreenName = RouteSpec['screen'] | 'not-found';

/** Each screen's code, loaded on demand (one chunk per screen). */
export const SCREEN_LOADERS: Record<ScreenName, () => Promise<ScreenModule>> = {
  home: () => import('../pages/home.tsx'),
  signin: () => import('../pages/signin.tsx'),
  'coming-soon': () => import('../pages/coming-soon.tsx'),
  'not-found': () => import('../pages/not-found.tsx'),
};

const loading = new Map<ScreenName, Promise<ScreenModule>>();

/** A screen's code, fetched once per page (the boot script starts the current one early). */
export function loadScreen(name: ScreenName): Promise<ScreenModule> {
  let pending = loading.get(name);
  if (!pending) {
    pending = SCREEN_LOADERS[name]();
    loading.set(name, pending);
  }
  return pending;
}

/** The screen a path shows (the AI assistant's and unknown paths included). */
export function screenForPath(pathname: string): ScreenName {
  if (matchesRoute('/ask-ai', pathname)) return 'coming-soon';
  return ROUTES.find((route) => matchesRoute(route.path, pathname))?.screen ?? 'not-found';
}
