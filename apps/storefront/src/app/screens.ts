import type { ComponentType } from 'react';
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

/** Whether a route pattern (`/checkout/:id`, `/policies/*`) matches a path, case-insensitively. */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const parts = pattern.split('/').filter(Boolean);
  const segments = pathname.split('/').filter(Boolean);
  for (const [index, part] of parts.entries()) {
    if (part === '*') return true;
    const segment = segments[index];
    if (segment === undefined) return false;
    if (!part.startsWith(':') && part.toLowerCase() !== segment.toLowerCase()) return false;
  }
  return parts.length === segments.length;
}

/** The screen a path shows (the AI assistant's and unknown paths included). */
export function screenForPath(pathname: string): ScreenName {
  if (matchesRoute('/ask-ai', pathname)) return 'coming-soon';
  return ROUTES.find((route) => matchesRoute(route.path, pathname))?.screen ?? 'not-found';
}
