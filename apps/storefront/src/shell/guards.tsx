import { useSession } from '@marketkit/hooks';
import { routeAccess, safeReturnPath } from '@marketkit/hooks/core';
import { Spinner } from '@marketkit/ui';
import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';

/** Where the return-to path is remembered between the guard and the sign-in page. */
export const RETURN_TO_KEY = 'marketkit_return_to';

export type Access = 'all' | 'guest' | 'signed-in';

/** Remembers a same-origin path to come back to after sign-in (checked here and again when used). */
export function rememberReturnTo(path: string) {
  const safe = safeReturnPath(path, location.origin);
  try {
    if (safe) sessionStorage.setItem(RETURN_TO_KEY, safe);
  } catch {
    // Storage refused: the shopper lands on / after sign-in.
  }
}

/** Forgets the remembered page (a confirmed sign-out goes to /, and so does the next sign-in). */
export function forgetReturnTo() {
  try {
    sessionStorage.removeItem(RETURN_TO_KEY);
  } catch {
    // Storage refused: nothing was remembered.
  }
}

const subscribeNever = () => () => {};

/** False on the server and while the page hydrates; true in the browser after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * Spec §2 access rules: guests on a signed-in route go to /signin (the page remembered); signed-in
 * shoppers on a guest route go to /. A signed-in page draws its screen in the browser only: the
 * server renders its frame (the shopper's data is theirs, and the server may not even see their
 * session: a link from another site carries no SameSite=Strict cookie).
 */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSession();
  const hydrated = useHydrated();
  const { t } = useTranslation('common');
  const { pathname, search, hash } = useLocation();
  if (!hydrated && access === 'signed-in')
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('loading')} />
      </div>
    );
  const decision = routeAccess(access, session.status === 'signed-in');
  if (decision === 'render') return <>{children}</>;
  if (!hydrated) return null;
  if (decision === 'sign-in') {
    rememberReturnTo(`${pathname}${search}${hash}`);
    return <Navigate to="/signin" replace />;
  }
  return <Navigate to="/" replace />;
}
