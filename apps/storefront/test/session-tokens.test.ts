import type { TokenGrant } from '@marketkit/sdk';
import { describe, expect, it } from 'vitest';
import {
  clearedCookieLines,
  isCopyOf,
  pageCopy,
  realCookieLines,
  realTokens,
  takeGrant,
  withoutRealCookies,
} from '../server/session-tokens.ts';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJl';
const OTHER_JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI4In0.c2lnbmF0dXJl';

describe('pageCopy / isCopyOf: the page holds what the services host refuses', () => {
  it.each([
    [JWT, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.'],
    ['rt.opaque', `ref.${'lLIGZvTTXzb1IU6yR1JLnYZKPw3y8Q26d3rfYI6xWng'}`],
  ])('%s → %s', (real, copy) => {
    expect(pageCopy(real)).toBe(copy);
    expect(isCopyOf(copy, real)).toBe(true);
  });

  it.each([
    ['the real token itself', JWT, JWT],
    ['another token’s copy', pageCopy(OTHER_JWT), JWT],
    ['no copy', null, JWT],
    ['no real token', pageCopy(JWT), null],
    ['a refresh copy of another token', pageCopy('rt.other'), 'rt.opaque'],
    ['a copy with a signature added', `${pageCopy(JWT)}x`, JWT],
  ])('refuses %s', (_name, copy, real) => {
    expect(isCopyOf(copy, real)).toBe(false);
  });
});

describe('takeGrant: a grant in an answer is redacted and taken out', () => {
  const grant = { access_token: JWT, refresh_token: 'rt.opaque', id_token: OTHER_JWT, expires_in: 300 };
  it.each([
    ['wrapped', { response_body: { ...grant, login_status: 'SUCCESS' }, message: 'ok' }],
    ['bare', grant],
  ])('%s', (_name, body) => {
    const taken = takeGrant(Buffer.from(JSON.stringify(body)));
    expect(taken.grant).toMatchObject(grant);
    const text = taken.body.toString();
    expect(text).not.toContain(JWT);
    expect(text).not.toContain('rt.opaque');
    expect(text).not.toContain(OTHER_JWT);
    expect(text).toContain(pageCopy(JWT));
    expect(text).toContain(pageCopy('rt.opaque'));
  });

  it.each([
    ['not JSON', 'access_token'],
    ['no grant', '{"response_body":{"login_status":"DEVICE_VERIFICATION_REQUIRED"}}'],
    ['an empty access token', '{"access_token":""}'],
    ['null', 'null'],
  ])('leaves %s as it came', (_name, text) => {
    const taken = takeGrant(Buffer.from(text));
    expect(taken.grant).toBeNull();
    expect(taken.body.toString()).toBe(text);
  });
});

describe('the real cookies', () => {
  const grant: TokenGrant = {
    access_token: JWT,
    refresh_token: 'rt.opaque',
    id_token: OTHER_JWT,
    expires_in: 300,
    refresh_expires_in: 2_592_000,
  };
  it.each([
    [false, ['mk_access', 'mk_refresh', 'mk_id'], ''],
    [true, ['__Host-mk_access', '__Host-mk_refresh', '__Host-mk_id'], '; Secure'],
  ])('secure=%s: HttpOnly, SameSite=Strict, path /, the token store’s lifetimes', (secure, names, flag) => {
    expect(realCookieLines(grant, secure)).toEqual([
      `${names[0]}=${encodeURIComponent(JWT)}; Max-Age=300; Path=/; HttpOnly${flag}; SameSite=Strict`,
      `${names[1]}=rt.opaque; Max-Age=2592000; Path=/; HttpOnly${flag}; SameSite=Strict`,
      `${names[2]}=${encodeURIComponent(OTHER_JWT)}; Max-Age=2592000; Path=/; HttpOnly${flag}; SameSite=Strict`,
    ]);
    expect(clearedCookieLines(secure).map((line) => line.split('=')[0])).toEqual([
      ...names,
      `${names[0]?.replace('access', 'refresh_prev')}`,
    ]);
    expect(clearedCookieLines(secure).every((line) => line.includes('Expires=Thu, 01 Jan 1970'))).toBe(true);
  });

  it('a refresh’s grant keeps the token it replaced, for as long as an access token lives', () => {
    expect(
      realCookieLines(grant, false, 'rt.replaced').filter((line) => line.startsWith('mk_refresh_prev=')),
    ).toEqual(['mk_refresh_prev=rt.replaced; Max-Age=300; Path=/; HttpOnly; SameSite=Strict']);
  });

  it('a grant without refresh or id token sets only the access cookie; 0 is a session cookie', () => {
    expect(realCookieLines({ access_token: JWT, expires_in: 0 }, false)).toEqual([
      `mk_access=${encodeURIComponent(JWT)}; Path=/; HttpOnly; SameSite=Strict`,
    ]);
  });

  it('reads the real cookies of the request’s scheme only', () => {
    const header = `access_token=${pageCopy(JWT)}; mk_access=${JWT}; __Host-mk_refresh=rt.secure; mk_id=`;
    expect(realTokens(header, false)).toEqual({
      access: JWT,
      refresh: null,
      id: null,
      previousRefresh: null,
    });
    expect(realTokens(`${header}; __Host-mk_refresh_prev=rt.old`, true)).toEqual({
      access: null,
      refresh: 'rt.secure',
      id: null,
      previousRefresh: 'rt.old',
    });
  });

  it('never forwards them to the services host', () => {
    expect(withoutRealCookies(`a=1; mk_access=x; __Host-mk_refresh=y; access_token=c`)).toBe(
      'a=1; access_token=c',
    );
    expect(withoutRealCookies('mk_id=z')).toBe('');
  });
});
