import { createCookieTokenStore, type TokenGrant } from '@marketkit/sdk';
import { describe, expect, it } from 'vitest';
import { returnTarget, sessionCookies } from '../src/account-auth/session.server.ts';

const GRANT: TokenGrant = {
  access_token: 'access.one',
  refresh_token: 'refresh.one',
  id_token: 'id.one',
  expires_in: 300,
  refresh_expires_in: 2_592_000,
};

/** The `Set-Cookie` lines the browser's own token store writes for a grant, on a page at `origin`. */
function browserLines(origin: string, write: (store: ReturnType<typeof createCookieTokenStore>) => void) {
  const lines: string[] = [];
  const jar = {
    get cookie() {
      return '';
    },
    set cookie(line: string) {
      lines.push(line);
    },
  };
  write(createCookieTokenStore({ document: jar, cookieStore: null, secure: origin.startsWith('https:') }));
  return lines;
}

/** Cookie lines without their expiry (written a few milliseconds apart). */
const withoutExpiry = (lines: string[]) => lines.map((line) => line.replace(/; Expires=[^;]+/, ''));

describe('sessionCookies: a route action sets the cookies the browser token store reads', () => {
  it.each([
    ['http://demo.localhost:3000/signin', false],
    ['https://shop.example/signin', true],
  ])('a grant at %s: the same names, values, attributes and lifetimes', (url, secure) => {
    const cookies = sessionCookies(new Request(url, { method: 'POST' }));
    cookies.signIn(GRANT);
    const written = cookies.headers().getSetCookie();
    const browser = browserLines(url, (store) => {
      store.clear();
      store.set(GRANT);
    });
    expect(withoutExpiry(written)).toEqual(withoutExpiry(browser));
    expect(written.every((line) => line.includes('; Secure') === secure)).toBe(true);
    // Lifetimes as the browser's store sets them: the access token's, then the refresh token's.
    const expiry = (name: string) =>
      Date.parse(
        /Expires=([^;]+)/.exec(written.findLast((line) => line.startsWith(`${name}=`)) ?? '')?.[1] ?? '',
      );
    expect(Math.round((expiry('access_token') - Date.now()) / 1000)).toBeCloseTo(300, -1);
    expect(Math.round((expiry('refresh_token') - Date.now()) / 86_400_000)).toBe(30);
  });

  it('reads the session of the request and clears it', () => {
    const cookies = sessionCookies(
      new Request('http://demo.localhost/signin', {
        method: 'POST',
        headers: { cookie: 'mk_ln=en; access_token=a; refresh_token=r; id_token=i' },
      }),
    );
    expect(cookies.tokens.get()).toEqual({ accessToken: 'a', refreshToken: 'r', idToken: 'i' });
    cookies.tokens.clear();
    expect(cookies.tokens.get()).toBeNull();
    const names = cookies
      .headers()
      .getSetCookie()
      .map((line) => line.split('=')[0]);
    expect(names).toEqual(['access_token', 'refresh_token', 'id_token']);
  });

  it('sets nothing when nothing was signed in', () => {
    expect(sessionCookies(new Request('http://demo.localhost/signin')).headers().getSetCookie()).toEqual([]);
  });
});

describe('returnTarget: same-origin paths only, else /', () => {
  it.each([
    ['/cart', '/cart'],
    ['/productListing?page=2', '/productListing?page=2'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['/%2F%2Fevil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['', '/'],
  ])('?redirect=%j → %s', (given, expected) => {
    const url = new URL('http://demo.localhost/signin');
    url.searchParams.set('redirect', given);
    expect(returnTarget(new Request(url))).toBe(expected);
  });
});
