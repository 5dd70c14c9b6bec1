import { useSession } from '@marketkit/hooks';
import { routeAccess } from '@marketkit/hooks/core';
import { Spinner } from '@marketkit/ui';
import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { rememberReturnTo } from '../common/return-to.ts';

export type Access = 'all' | 'guest' | 'signed-in';

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
