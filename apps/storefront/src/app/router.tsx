import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { Redirect, Router } from 'wouter';
import { navigate as historyNavigate, usePathname } from 'wouter/use-browser-location';
import { routePattern } from './route-pattern.ts';

export { matchesRoute } from './route-pattern.ts';

/**
 * Routing on wouter (≈2.5 KiB, against 14.6 KiB for react-router: docs/decisions/0006), with what
 * the storefront needs on top: case-insensitive patterns with an optional trailing slash (as the
 * spec's paths are written in mixed case), a key per history entry and the kind of the last
 * navigation (for manual scroll restoration).
 */

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** Navigates within the app; every history entry gets its own key. */
export function navigate(to: string, options: NavigateOptions = {}) {
  historyNavigate(to, {
    replace: options.replace ?? false,
    state: { key: newKey(), usr: options.state ?? null },
  });
}

const useKeyedLocation = (): [string, typeof navigate] => [usePathname(), navigate];

export function AppRouter({ children }: { children: ReactNode }) {
  return (
    <Router hook={useKeyedLocation} parser={routePattern}>
      {children}
    </Router>
  );
}

export const useNavigate = () => navigate;

/** Replaces the current entry with `to` (guards and redirects). */
export function Navigate({ to }: { to: string }) {
  return <Redirect to={to} replace />;
}

type NavigationType = 'POP' | 'PUSH' | 'REPLACE';
let lastType: NavigationType = 'POP';
const HISTORY_EVENTS = { popstate: 'POP', pushState: 'PUSH', replaceState: 'REPLACE' } as const;

function subscribeToHistory(listener: () => void) {
  const handlers = Object.entries(HISTORY_EVENTS).map(([event, type]) => {
    const handler = () => {
      lastType = type;
      listener();
    };
    addEventListener(event, handler);
    return () => removeEventListener(event, handler);
  });
  return () => {
    for (const stop of handlers) stop();
  };
}

const entryKey = () => {
  const state: unknown = history.state;
  return state && typeof state === 'object' && 'key' in state && typeof state.key === 'string'
    ? state.key
    : 'initial';
};
const snapshot = () => `${lastType} ${entryKey()}`;

/** The current history entry's key, and whether it was reached by Back/Forward (`POP`) or a link. */
export function useHistoryEntry(): { key: string; type: NavigationType } {
  const [type, key] = useSyncExternalStore(subscribeToHistory, snapshot, snapshot).split(' ') as [
    NavigationType,
    string,
  ];
  return { key, type };
}
