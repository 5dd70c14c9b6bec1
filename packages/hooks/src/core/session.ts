import { displayNameOf, tokenClaims } from '@marketkit/sdk';
import { blockedOn, type PathnameRule } from './routes.ts';

/** What the storefront knows about the signed-in shopper, from the access token alone. */
export interface SessionUser {
  displayName: string;
  claims: Record<string, unknown>;
}

export type SessionFromToken =
  | { status: 'guest' }
  | { status: 'signed-in'; user: SessionUser }
  /** The token cannot be read: clear every stored session datum. */
  | { status: 'clear-everything' };

/** Reads a JWT's payload without verifying it (the server verifies; the client only displays). */
export const decodeToken = (token: string): Record<string, unknown> | undefined =>
  tokenClaims(token) ?? undefined;

export { displayNameOf };

/**
 * A token without its signature (`header.payload.`): what a page rendered on a server says about its
 * session, enough to decode the shopper's claims and never usable as a bearer token. Null for a
 * token that does not read as one.
 */
export function unsignedToken(token: string | null | undefined): string | null {
  if (!token || !decodeToken(token)) return null;
  const [header, payload] = token.split('.');
  return `${header}.${payload}.`;
}

/** Session state from the access token cookie (spec §4 "Session"). */
export function sessionFromToken(token: string | null | undefined): SessionFromToken {
  if (!token) return { status: 'guest' };
  const claims = decodeToken(token);
  if (!claims) return { status: 'clear-everything' };
  return { status: 'signed-in', user: { displayName: displayNameOf(claims), claims } };
}

/**
 * The access token the session shows, from the tokens held and the one shown so far: the held access
 * token; while only the refresh token is held (the access cookie lapsed, and the next call renews it
 * before it is sent), the one shown so far, so the shopper does not flicker to a guest in between;
 * none once no refresh token is held either.
 */
export function shownAccessToken(
  held: { accessToken: string | null; refreshToken: string | null } | null,
  shown: string | null,
): string | null {
  if (held?.accessToken) return held.accessToken;
  return held?.refreshToken ? shown : null;
}

/** The part of a realm identifier before the first dash (`demo-customer` → `demo`). */
export const realmNameOf = (realm: string) => realm.split('-')[0] ?? realm;

/** The guest realm of a store: `{store}-customer`. */
export const storeRealm = (store: string) => `${store}-customer`;

/**
 * Whether a 401 at `pathname` tries a token refresh: everywhere but where the app's rule says a 401 is
 * the answer itself (a sign-in page, where it means wrong credentials).
 */
export const refreshesOn401 = (pathname: string, rule?: PathnameRule) => !blockedOn(pathname, rule);

/**
 * Spec §8: an HTTP error of 400 or above (a 401 the SDK handled never gets here) makes the store
 * status be checked again, except when the store check itself failed (that would loop).
 */
export function refetchesStoreStatus(event: { status: number; url: string }): boolean {
  if (event.status < 400) return false;
  let pathname: string;
  try {
    pathname = new URL(event.url).pathname;
  } catch {
    return false;
  }
  return !pathname.endsWith('/ums/rest/v3/validate-store');
}
