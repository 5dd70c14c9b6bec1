import { useSession } from '@marketkit/hooks';
import { routeAccess, safeReturnPath } from '@marketkit/hooks/core';
import type { ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Navigate } from '../app/router.tsx';
import { type Access, RETURN_TO_KEY } from '../app/routes.ts';

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

/** Spec §2 access rules: guests on a signed-in route go to /signin; signed-in users on guest routes go to /. */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const session = useSession();
  const [pathname] = useLocation();
  const search = useSearch();
  const decision = routeAccess(access, session.status === 'signed-in');
  if (decision === 'sign-in') {
    rememberReturnTo(`${pathname}${search ? `?${search}` : ''}${location.hash}`);
    return <Navigate to="/signin" />;
  }
  if (decision === 'home') return <Navigate to="/" />;
  return <>{children}</>;
}
