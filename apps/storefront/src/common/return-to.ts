import { safeReturnPath } from '@marketkit/hooks/core';

/** Where the return-to path is remembered between the guard and the sign-in page. */
export const RETURN_TO_KEY = 'marketkit_return_to';

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
