// The session's tokens in the server-rendered storefront (backend-for-frontend, IETF "OAuth 2.0 for
// Browser-Based Applications"): the real tokens live only in HttpOnly cookies this server sets; the
// page keeps, in the cookies its token store reads (`access_token`, `refresh_token`, `id_token`),
// copies the services host refuses. The `/api` proxy (proxy.ts) and the no-JS sign-in actions
// (src/account-auth/session.server.ts) both go through here, so the two paths set the same cookies.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { TokenGrant } from '@marketkit/sdk';
import { parse, serialize } from 'cookie';

export type TokenKind = 'access' | 'refresh' | 'id';

/** The cookies the page's token store writes and reads (packages/sdk/src/tokens.ts). */
export const PAGE_COOKIES: Readonly<Record<TokenKind, string>> = {
  access: 'access_token',
  refresh: 'refresh_token',
  id: 'id_token',
};

/**
 * The HttpOnly cookies holding the real tokens. On https with the `__Host-` prefix: the browser takes
 * it only from a secure answer of this very host, path `/` and no `Domain` (no sibling host can plant
 * or shadow it). Plain http (development, the tests) cannot set such a cookie, hence a plain name.
 */
export function realCookieNames(secure: boolean): Readonly<Record<TokenKind, string>> {
  const prefix = secure ? '__Host-' : '';
  return { access: `${prefix}mk_access`, refresh: `${prefix}mk_refresh`, id: `${prefix}mk_id` };
}

/**
 * The refresh token a refresh through the proxy replaced, kept HttpOnly for as long as an access token
 * lives: a page cut off before it stored the answer's copies (a reload, a closed tab) still holds the
 * copy of this one, and sends it, as the page once sent the token itself; the services host decides
 * (within its reuse window a fresh grant, after it the session ends).
 */
export const previousRefreshName = (secure: boolean) => `${secure ? '__Host-' : ''}mk_refresh_prev`;

/** The cookies of one scheme that hold a real token: the three kinds and the replaced refresh token. */
export const heldCookieNames = (secure: boolean): string[] => [
  ...Object.values(realCookieNames(secure)),
  previousRefreshName(secure),
];

/** Every cookie name that holds a real token, either scheme's (a page with one is a shopper's own). */
export const REAL_COOKIE_NAMES: readonly string[] = [true, false].flatMap(heldCookieNames);

const REFRESH_COPY_PREFIX = 'ref.';

/**
 * The page's copy of a token, which the services host refuses: a JWT's header and payload without its
 * signature (the app still reads `exp`, `sub`, the name), and for an opaque token (the refresh token)
 * a digest naming it (it changes when the token rotates, which the cross-tab refresh relies on).
 */
export function pageCopy(token: string): string {
  const parts = token.split('.');
  if (parts.length === 3 && parts[0] && parts[1]) return `${parts[0]}.${parts[1]}.`;
  return `${REFRESH_COPY_PREFIX}${createHash('sha256').update(token).digest('base64url')}`;
}

/** Whether `copy` is the page's copy of `real` (compared in constant time). */
export function isCopyOf(copy: string | null | undefined, real: string | null | undefined): boolean {
  if (!copy || !real) return false;
  const expected = Buffer.from(pageCopy(real));
  const given = Buffer.from(copy);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A grant as the page may see it: every token replaced by its copy, lifetimes kept. */
export function redactGrant<T extends TokenGrant>(grant: T): T {
  return {
    ...grant,
    access_token: pageCopy(grant.access_token),
    ...(grant.refresh_token ? { refresh_token: pageCopy(grant.refresh_token) } : {}),
    ...(grant.id_token ? { id_token: pageCopy(grant.id_token) } : {}),
  };
}

const attributes = (secure: boolean, maxAge: number | undefined) => ({
  httpOnly: true,
  secure,
  sameSite: 'strict' as const,
  path: '/',
  // A lifetime of 0 or less (offline sessions) is a session cookie, as the page's token store does.
  ...(maxAge !== undefined && maxAge > 0 ? { maxAge: Math.floor(maxAge) } : {}),
});

/**
 * The `Set-Cookie` lines storing a grant's real tokens HttpOnly, with the page's token store's
 * lifetimes: the access token's `expires_in`, the refresh and id tokens' `refresh_expires_in` (else
 * `expires_in`). A grant without a refresh or id token keeps the one held.
 */
export function realCookieLines(grant: TokenGrant, secure: boolean, replaced?: string | null): string[] {
  const names = realCookieNames(secure);
  const longLived = grant.refresh_expires_in ?? grant.expires_in;
  const lines = [serialize(names.access, grant.access_token, attributes(secure, grant.expires_in))];
  if (grant.refresh_token)
    lines.push(serialize(names.refresh, grant.refresh_token, attributes(secure, longLived)));
  if (grant.refresh_token && replaced)
    lines.push(
      serialize(
        previousRefreshName(secure),
        replaced,
        attributes(secure, grant.expires_in > 0 ? grant.expires_in : 300),
      ),
    );
  if (grant.id_token) lines.push(serialize(names.id, grant.id_token, attributes(secure, longLived)));
  return lines;
}

/** The `Set-Cookie` lines that delete the real tokens (sign-out, a refused refresh). */
export function clearedCookieLines(secure: boolean): string[] {
  return heldCookieNames(secure).map((name) =>
    serialize(name, '', { ...attributes(secure, undefined), expires: new Date(0) }),
  );
}

/**
 * Whether a request holds real tokens the page has let go of: its copy of the refresh token, which lives
 * as long as the real one, is gone (a sign-out whose logout call never reached this server, a session
 * the page ended). Such tokens are cleared on that request, so none outlives the page's session.
 */
export function letGoRealTokens(cookieHeader: string | null | undefined, secure: boolean): boolean {
  const cookies = parse(cookieHeader ?? '');
  return heldCookieNames(secure).some((name) => cookies[name]) && !cookies[PAGE_COOKIES.refresh];
}

/** The real tokens a request's cookies hold (an empty value is none). */
export function realTokens(
  cookieHeader: string | null | undefined,
  secure: boolean,
): Record<TokenKind | 'previousRefresh', string | null> {
  return realTokensIn(parse(cookieHeader ?? ''), secure);
}

/** `realTokens` from cookies already parsed (a caller that reads other cookies parses once). */
export function realTokensIn(
  cookies: Record<string, string | undefined>,
  secure: boolean,
): Record<TokenKind | 'previousRefresh', string | null> {
  const names = realCookieNames(secure);
  return {
    access: cookies[names.access] || null,
    refresh: cookies[names.refresh] || null,
    id: cookies[names.id] || null,
    previousRefresh: cookies[previousRefreshName(secure)] || null,
  };
}

/** A `Cookie` header without the real tokens' cookies (the services host reads tokens, not them). */
export function withoutRealCookies(cookieHeader: string): string {
  return cookieHeader
    .split(';')
    .filter((part) => !REAL_COOKIE_NAMES.includes(part.split('=')[0]?.trim() ?? ''))
    .join(';')
    .trim();
}

/**
 * The grant an answer of the services host carries (`response_body`, as the SDK reads it, or the body
 * itself), or null.
 */
function grantIn(body: unknown): (TokenGrant & Record<string, unknown>) | null {
  const candidate =
    body && typeof body === 'object' && 'response_body' in body
      ? (body as { response_body: unknown }).response_body
      : body;
  const grant = candidate as Record<string, unknown> | null;
  return grant && typeof grant === 'object' && typeof grant.access_token === 'string' && grant.access_token
    ? (grant as TokenGrant & Record<string, unknown>)
    : null;
}

/**
 * An answer's body with any grant redacted, and the real grant taken out of it (null when the body
 * carries none, or is not JSON: then the body is given back as it came).
 */
export function takeGrant(body: Buffer): { body: Buffer; grant: TokenGrant | null } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return { body, grant: null };
  }
  const grant = grantIn(parsed);
  if (!grant) return { body, grant: null };
  const redacted = redactGrant(grant);
  const next =
    parsed && typeof parsed === 'object' && 'response_body' in parsed
      ? { ...(parsed as object), response_body: redacted }
      : redacted;
  return { body: Buffer.from(JSON.stringify(next)), grant };
}
