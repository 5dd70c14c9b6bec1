import { returnPathOrHome, safeReturnPath } from '@marketkit/hooks/core';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { RETURN_TO_KEY } from '../common/return-to.ts';

/** After signing in or up: back to the remembered page (or ?redirect=), checked again now; else /. */
export function useFinishSignIn() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return useCallback(() => {
    let stored: string | null = null;
    try {
      stored = sessionStorage.getItem(RETURN_TO_KEY);
      sessionStorage.removeItem(RETURN_TO_KEY);
    } catch {
      stored = null;
    }
    // ?redirect= first, when it is a safe path; else the remembered page; else /.
    const redirect = params.get('redirect');
    const safe = redirect && safeReturnPath(redirect, location.origin);
    void navigate(returnPathOrHome(safe || stored, location.origin), { replace: true });
  }, [params, navigate]);
}
