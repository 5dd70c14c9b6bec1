import { parse } from 'cookie';
import type { EntryContext } from 'react-router';
import { REAL_COOKIE_NAMES } from '../../server/session-tokens.ts';
import { LANGUAGE_COOKIE, PINCODE_COOKIE } from '../app/preferences.ts';
import type { RouteHandle } from '../i18n/namespaces.ts';

type Matches = EntryContext['staticHandlerContext']['matches'];

/** How long a CDN keeps a guest's catalogue page, and how long it may serve it while asking again. */
export const SHARED_MAX_AGE_S = 60;
export const STALE_WHILE_REVALIDATE_S = 600;

/** Cookies that make a page the shopper's own (a session), or change what it shows (language, pincode). */
const SESSION_COOKIES = ['access_token', 'refresh_token', 'id_token', ...REAL_COOKIE_NAMES];
const PREFERENCE_COOKIES = [LANGUAGE_COOKIE, PINCODE_COOKIE];

/** Whether any of the cookies is set, to something. */
const hasCookie = (cookies: Record<string, string | undefined>, names: readonly string[]) =>
  names.some((name) => Boolean(cookies[name]));

/**
 * The caching of a rendered page. A catalogue page (routes whose handle says `catalogue`) rendered for
 * a guest with neither a session nor a language or pincode of their own is the same for every such
 * guest: a CDN may keep it a minute and serve it stale for ten while it asks again (the browser itself
 * always revalidates). Anything else is the shopper's own: never stored. `Vary: Cookie` for caches that
 * key on it; a CDN that does not should bypass its cache for requests with the session cookies and key
 * on the two preference cookies (README).
 */
export function cacheControl(
  request: Request,
  matches: Matches,
  routerContext: EntryContext,
  status: number,
): Record<string, string> {
  const cookies = parse(request.headers.get('cookie') ?? '');
  const catalogue = matches.every(
    (match) =>
      match.route.id === 'root' ||
      (routerContext.routeModules[match.route.id]?.handle as RouteHandle | undefined)?.catalogue === true,
  );
  const shared =
    (status === 200 || status === 404) &&
    catalogue &&
    !hasCookie(cookies, SESSION_COOKIES) &&
    !hasCookie(cookies, PREFERENCE_COOKIES);
  return {
    'Cache-Control': shared
      ? `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`
      : 'private, no-store',
    Vary: 'Accept-Encoding, Cookie',
  };
}
