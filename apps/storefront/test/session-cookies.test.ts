import { createCookieTokenStore, type TokenGrant } from '@marketkit/sdk';
import { describe, expect, it } from 'vitest';
import { pageCopy, realCookieLines, redactGrant } from '../server/session-tokens.ts';
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
    const cookies = sessionCookies(new Request(url, { method: 'POST' }), { httpOnly: false });
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
      { httpOnly: false },
    );
    expect(cookies.idToken()).toBe('i');
    cookies.signOut();
    const names = cookies
      .headers()
      .getSetCookie()
      .map((line) => line.split('=')[0]);
    expect(names).toEqual(['access_token', 'refresh_token', 'id_token']);
  });

  it('sets nothing when nothing was signed in', () => {
    for (const httpOnly of [false, true])
      expect(
        sessionCookies(new Request('http://demo.localhost/signin'), { httpOnly }).headers().getSetCookie(),
      ).toEqual([]);
  });
});

describe('sessionCookies with HttpOnly tokens: the real ones HttpOnly, the page gets copies', () => {
  const jwt = (claims: object, signature: string) =>
    `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
  const REAL: TokenGrant = {
    access_token: jwt({ sub: '7', typ: 'Bearer' }, 'sig-a'),
    refresh_token: 'rt.opaque',
    id_token: jwt({ sub: '7', typ: 'ID' }, 'sig-i'),
    expires_in: 300,
    refresh_expires_in: 2_592_000,
  };

  it.each([
    ['http://demo.localhost:3000/signin', false, 'mk_'],
    ['https://shop.example/signin', true, '__Host-mk_'],
  ])('a grant at %s', (url, secure, prefix) => {
    const cookies = sessionCookies(new Request(url, { method: 'POST' }), { httpOnly: true });
    cookies.signIn(REAL);
    const written = cookies.headers().getSetCookie();
    const page = written.filter((line) => !line.startsWith(prefix));
    const real = written.filter((line) => line.startsWith(prefix));
    // The page's cookies are what the browser's own store writes for the redacted grant (a sign-in
    // through the proxy), and hold no token the services host accepts.
    expect(withoutExpiry(page)).toEqual(
      withoutExpiry(
        browserLines(url, (store) => {
          store.clear();
          store.set(redactGrant(REAL));
        }),
      ),
    );
    expect(page.join('\n')).not.toContain('sig-');
    expect(page.join('\n')).not.toContain('rt.opaque');
    expect(real).toEqual(realCookieLines(REAL, secure));
    expect(real.every((line) => line.includes('; HttpOnly') && line.includes('; SameSite=Strict'))).toBe(
      true,
    );
    expect(real.every((line) => line.includes('; Secure') === secure)).toBe(true);
  });

  it('signs out with the real id token and clears the real cookies too', () => {
    const cookies = sessionCookies(
      new Request('http://demo.localhost/signin', {
        method: 'POST',
        headers: { cookie: `id_token=${pageCopy(REAL.id_token ?? '')}; mk_id=${REAL.id_token}` },
      }),
      { httpOnly: true },
    );
    expect(cookies.idToken()).toBe(REAL.id_token);
    cookies.signOut();
    const names = cookies
      .headers()
      .getSetCookie()
      .map((line) => line.split('=')[0]);
    expect(names).toEqual([
      'access_token',
      'refresh_token',
      'id_token',
      'mk_access',
      'mk_refresh',
      'mk_id',
      'mk_refresh_prev',
    ]);
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
