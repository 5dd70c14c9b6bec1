/** Control characters and backslashes (browsers read `\` as `/`). */
function unsafeCharacter(text: string) {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * Return paths after sign-in must stay on this site. Checked when remembered and again when used
 * (`/\evil`, encoded slashes and control characters get past a check of the first character alone).
 */
export function safeReturnPath(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return undefined;
  // Control characters, backslashes (browsers read them as slashes) and their encodings.
  if (unsafeCharacter(value) || /%(5c|00|0[9ad]|2f%2f)/i.test(value)) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  if (decoded.startsWith('//') || unsafeCharacter(decoded)) return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(origin).origin) return undefined;
  // Dot segments collapse during parsing (`/.//evil`, `/..//evil` → `//evil`): check the result too.
  if (url.pathname.startsWith('//') || unsafeCharacter(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where to go after sign-in: the remembered path when it is still safe, else `/`. */
export const returnPathOrHome = (value: unknown, origin: string) => safeReturnPath(value, origin) ?? '/';

/** The path to remember for a location (origin, path and query), or undefined when it is not ours. */
export function rememberLocation(
  location: { origin: string; pathname: string; search: string; hash?: string },
  origin: string,
): string | undefined {
  if (location.origin !== origin) return undefined;
  return safeReturnPath(`${location.pathname}${location.search}${location.hash ?? ''}`, origin);
}

/** Where the renewal of a session that holds only a refresh token stands (see `routeAccess`). */
export type SessionRenewal = 'none' | 'renewing' | 'unavailable';

/** What a route guard does: render, renew the session first, wait for it, say it failed, or send away. */
export type RouteDecision = 'render' | 'renew' | 'wait' | 'renew-failed' | 'sign-in' | 'home';

/**
 * What a route guard does: guests on a signed-in route go to sign-in, signed-in shoppers on
 * a guest route go home. A page that holds only a refresh token (its access token lapsed, its cookie
 * with it) is still a session: a signed-in route renews it first (`renew`, then `wait`) and renders
 * once renewed; a renewal cut off (no network) is said, with a retry, rather than sending the shopper
 * to sign in; only a refused renewal (the refresh token is gone then) sends them to sign in.
 * While the shopper's own sign-out is under way (the session is cleared before the logout call), a
 * signed-in route waits: sign-out decides where the shopper goes, not the guard.
 */
export function routeAccess(
  access: 'all' | 'guest' | 'signed-in',
  session: boolean | { signedIn: boolean; renewable: boolean; renewal: SessionRenewal; signingOut?: boolean },
): RouteDecision {
  const { signedIn, renewable, renewal, signingOut } =
    typeof session === 'boolean'
      ? { signedIn: session, renewable: false, renewal: 'none', signingOut: false }
      : session;
  if (access === 'signed-in' && !signedIn) {
    if (signingOut) return 'wait';
    if (!renewable) return 'sign-in';
    return renewal === 'renewing' ? 'wait' : renewal === 'unavailable' ? 'renew-failed' : 'renew';
  }
  if (access === 'guest' && signedIn) return 'home';
  return 'render';
}

/**
 * Where sign-out leaves the shopper, once its logout call is answered (the session is cleared before
 * it is sent, so the page is a guest's in every case). Confirmed: the page loads again at `/`, unless
 * the shopper has gone elsewhere or started going (their page is never replaced). Refused or no
 * answer: no reload, redirect or message; the route's guard does what the page needs.
 */
export function afterSignOut(outcome: { confirmed: boolean; shopperMoved: boolean }): 'load-home' | 'stay' {
  return outcome.confirmed && !outcome.shopperMoved ? 'load-home' : 'stay';
}
