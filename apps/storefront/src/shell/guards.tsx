import { useSession } from '@marketkit/hooks';
import { routeAccess, type SessionRenewal } from '@marketkit/hooks/core';
import { ErrorState, Spinner } from '@marketkit/ui';
import { type ReactNode, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
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

/** Renewals a guard started and still awaits: a refusal of one is the guard's to answer (see `goHome`). */
let pageRenewals = 0;

/** Whether a guard is renewing the session for the page asked for: its refusal goes to /signin, not /. */
export const pageRenewalUnderWay = () => pageRenewals > 0;

/** Sign-outs under way: the session is cleared before the logout call, and sign-out decides where to go. */
let signOuts = 0;
const signOutListeners = new Set<() => void>();
const subscribeSignOuts = (listener: () => void) => {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
};
const tellSignOuts = () => {
  for (const listener of signOutListeners) listener();
};

/**
 * Marks a sign-out as under way until `end()`: meanwhile a signed-in page waits rather than sending
 * the new guest to /signin. A sign-out that loads / never ends it (the page is going away).
 */
export function beginSignOut(): { end(): void } {
  signOuts += 1;
  tellSignOuts();
  let ended = false;
  return {
    end() {
      if (ended) return;
      ended = true;
      signOuts -= 1;
      tellSignOuts();
    },
  };
}

/** Renews a session that holds only a refresh token, once per page (again on `retry`). */
function useRenewal(needed: boolean, renew: () => Promise<'renewed' | 'rejected' | 'unavailable'>) {
  const [renewal, setRenewal] = useState<SessionRenewal>('none');
  const start = useCallback(() => {
    setRenewal('renewing');
    pageRenewals += 1;
    // `renewed` and `rejected` change the tokens, and so the session the guard reads.
    void renew()
      .then((outcome) => setRenewal(outcome === 'unavailable' ? 'unavailable' : 'none'))
      .finally(() => {
        pageRenewals -= 1;
      });
  }, [renew]);
  useEffect(() => {
    if (needed) start();
  }, [needed, start]);
  return { renewal, retry: start };
}

/**
 * Access rules: guests on a signed-in route go to /signin (the page remembered); signed-in
 * shoppers on a guest route go to /. A page that holds only a refresh token (opened after the access
 * token lapsed) renews the session first and then renders the page asked for; a renewal cut off is
 * said, with a retry. A signed-in page draws its screen in the browser only: the server renders its
 * frame (the shopper's data is theirs, and the server may not even see their session: a link from
 * another site carries no SameSite=Strict cookie).
 */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSession();
  const hydrated = useHydrated();
  const { t } = useTranslation('common');
  const { pathname, search, hash } = useLocation();
  const signedIn = session.status === 'signed-in';
  const signingOut = useSyncExternalStore(
    subscribeSignOuts,
    () => signOuts > 0,
    () => false,
  );
  const { renewal, retry } = useRenewal(
    hydrated && access === 'signed-in' && !signedIn && session.renewable,
    session.renew,
  );
  const decision = routeAccess(access, { signedIn, renewable: session.renewable, renewal, signingOut });
  if (!hydrated && access === 'signed-in') return <Waiting label={t('loading')} />;
  if (decision === 'render') return <>{children}</>;
  if (!hydrated) return null;
  if (decision === 'renew' || decision === 'wait') return <Waiting label={t('loading')} />;
  if (decision === 'renew-failed')
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <ErrorState
          title={t('session_renewal.title')}
          description={t('session_renewal.description')}
          retryLabel={t('retry')}
          onRetry={retry}
        />
      </div>
    );
  if (decision === 'sign-in') {
    rememberReturnTo(`${pathname}${search}${hash}`);
    return <Navigate to="/signin" replace />;
  }
  return <Navigate to="/" replace />;
}

function Waiting({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner label={label} />
    </div>
  );
}
