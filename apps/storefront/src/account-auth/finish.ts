import { returnPathOrHome } from '@marketkit/hooks/core';
import { useCallback } from 'react';
import { useSearchParams } from 'wouter';
import { navigate } from '../app/router.tsx';
import { RETURN_TO_KEY } from '../app/routes.ts';

/** After signing in or up: back to the remembered page (or ?redirect=), checked again now; else /. */
export function useFinishSignIn() {
  const [params] = useSearchParams();
  return useCallback(() => {
    let remembered: string | null = params.get('redirect');
    try {
      remembered ??= sessionStorage.getItem(RETURN_TO_KEY);
      sessionStorage.removeItem(RETURN_TO_KEY);
    } catch {
      remembered = null;
    }
    navigate(returnPathOrHome(remembered, location.origin), { replace: true });
  }, [params]);
}
