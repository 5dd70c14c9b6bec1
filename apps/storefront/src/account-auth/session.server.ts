import { deviceName, isDeviceId, returnPathOrHome } from '@marketkit/hooks/core';
import { type CookieJar, createCookieTokenStore, type TokenGrant } from '@marketkit/sdk';
import { redirect } from 'react-router';
import { clearedCookieLines, realCookieLines, realTokens, redactGrant } from '../../server/session-tokens.ts';

/**
 * A cookie jar over a request's cookies that records every cookie written to it as a `Set-Cookie`
 * line. The SDK's own cookie token store writes into it, so an action sets exactly the cookies (names,
 * attributes, lifetimes) the browser's token store reads and writes.
 */
function responseJar(request: Request) {
  const values = new Map<string, string>();
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) values.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const written: string[] = [];
  const jar: CookieJar = {
    get cookie() {
      return [...values].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const expires = attributes.map((a) => a.trim()).find((a) => /^expires=/i.test(a));
      // A cookie written with a past expiry is a deletion (the token store's `clear`).
      if (expires && Date.parse(expires.slice('expires='.length)) <= Date.now()) values.delete(name);
      else values.set(name, pair.slice(at + 1));
    },
  };
  return { jar, written };
}

/**
 * The session's cookies as a request sees them, and the `Set-Cookie` headers of what was changed. With
 * `httpOnly` (the server proxies `/api`), the real tokens are HttpOnly cookies and the page's token
 * store gets copies, exactly as a sign-in through the proxy leaves them (server/session-tokens.ts).
 */
export function sessionCookies(request: Request, { httpOnly }: { httpOnly: boolean }) {
  const { jar, written } = responseJar(request);
  const secure = new URL(request.url).protocol === 'https:';
  const tokens = createCookieTokenStore({ document: jar, cookieStore: null, secure });
  return {
    /** The id token that names the session to end at sign-out (the real one, not the page's copy). */
    idToken(): string | null {
      return httpOnly
        ? realTokens(request.headers.get('cookie'), secure).id
        : (tokens.get()?.idToken ?? null);
    },
    /** Stores a grant as a sign-in in the browser would (a new session replaces the old whole). */
    signIn(grant: TokenGrant) {
      tokens.clear();
      if (!httpOnly) {
        tokens.set(grant);
        return;
      }
      tokens.set(redactGrant(grant));
      written.push(...realCookieLines(grant, secure));
    },
    /** Forgets the session: the page's cookies and the real ones. */
    signOut() {
      tokens.clear();
      if (httpOnly) written.push(...clearedCookieLines(secure));
    },
    headers(): Headers {
      const headers = new Headers();
      for (const line of written) headers.append('Set-Cookie', line);
      return headers;
    },
  };
}

/** Where sign-in or sign-up ends: the page's `?redirect=` when it is a path of this site, else `/`. */
export function returnTarget(request: Request): string {
  const url = new URL(request.url);
  return returnPathOrHome(url.searchParams.get('redirect'), url.origin);
}

/** The end of a successful sign-in: to the return path, with the session's cookies. */
export function signedInRedirect(request: Request, cookies: ReturnType<typeof sessionCookies>) {
  return redirect(returnTarget(request), { headers: cookies.headers() });
}

/**
 * This device as a sign-in names it: the id the app keeps (the form sends it once the code runs), else
 * one for this sign-in only (kept in the form through a device check; nothing is stored), and its name.
 */
export function deviceOf(request: Request, form: FormData) {
  const id = form.get('device_id');
  return {
    device_id: isDeviceId(id) ? id : `web-${randomHex(12)}`,
    device_name: deviceName(request.headers.get('user-agent') ?? ''),
  };
}

const randomHex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

/** A text field of a submitted form ('' when absent or a file). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
