import { describe, expect, it } from 'vitest';
import {
  hasGuestCartToMerge,
  isReadableVersion,
  onRoutes,
  openEnvelope,
  parseStored,
  resolveLanguage,
  sameLanguage,
  shouldStartGuestCartMerge,
  shownAccessToken,
} from '../../src/core/index.ts';

describe('the access token a session shows', () => {
  const held = (accessToken: string | null, refreshToken: string | null) => ({ accessToken, refreshToken });
  it.each([
    ['no tokens', null, 'a', null],
    ['an access token', held('b', 'r'), null, 'b'],
    ['a new access token (refreshed)', held('b', 'r'), 'a', 'b'],
    ['only a refresh token (the access cookie lapsed): the last one shown', held(null, 'r'), 'a', 'a'],
    ['only a refresh token and nothing shown yet (a visit after the lapse)', held(null, 'r'), null, null],
    ['neither token', held(null, null), 'a', null],
  ] as const)('%s', (_case, tokens, shown, expected) => {
    expect(shownAccessToken(tokens, shown)).toBe(expected);
  });
});

describe('the provider starts the guest-cart merge by itself', () => {
  const start = { signedIn: true, pathname: '/', status: 'idle', pending: true } as const;
  const signInPages = onRoutes(['/signin', '/signup']);
  it.each([
    ['signed in with something to merge, on the home page', {}, true],
    ['a guest', { signedIn: false }, false],
    ['nothing to merge', { pending: false }, false],
    ['already merging', { status: 'merging' }, false],
    ['merged in this session', { status: 'done' }, false],
    ['failed in this session (merge() tries again)', { status: 'failed' }, false],
    // The case: sign-in returns to the cart page, where the merge must run.
    ['on /cart, no app rule', { pathname: '/cart' }, true],
    ['on /signin, no app rule (the library knows no route)', { pathname: '/signin' }, true],
    ['on /cart, the app blocking sign-in pages', { pathname: '/cart', blockedOn: signInPages }, true],
    ['on /signin, the app blocking it', { pathname: '/signin', blockedOn: signInPages }, false],
    ['on /signup/, the app blocking /signup', { pathname: '/signup/', blockedOn: signInPages }, false],
    ['on /signing, the app blocking /signin', { pathname: '/signing', blockedOn: signInPages }, true],
    ['on a product page', { pathname: '/ProductDetails', blockedOn: signInPages }, true],
    ['where a rule of its own blocks', { pathname: '/x', blockedOn: (path: string) => path === '/x' }, false],
  ] as const)('%s → %s', (_case, change, expected) => {
    expect(shouldStartGuestCartMerge({ ...start, ...change })).toBe(expected);
  });

  it.each([
    ['an empty device', [], null, null, false],
    ['a line to send', [{}], null, null, true],
    [
      'only lines the server refused (they stay, never sent again)',
      [{ error: 'Out of stock' }],
      null,
      null,
      false,
    ],
    ['a refused line and one to send', [{ error: 'Out of stock' }, { error: null }], null, null, true],
    ['a half-done merge', [], { targets: {} }, null, true],
    ['a buy-now item saved before sign-in', [], null, { productId: 1 }, true],
  ] as const)('%s → %s', (_case, items, journal, buyNow, expected) => {
    expect(hasGuestCartToMerge(items, journal, buyNow)).toBe(expected);
  });
});

describe('language codes', () => {
  it.each([
    ['en', 'EN', true],
    ['en-US', 'en_US', true],
    ['en_us', 'EN-US', true],
    ['en', 'en_US', false],
    ['fr', 'ar', false],
  ])('%s and %s: %s', (a, b, expected) => {
    expect(sameLanguage(a, b)).toBe(expected);
  });

  it("takes i18next's en-US as the store's en_US", () => {
    const language = (code: string, is_default = false) =>
      ({ language_code: code, status: 1, is_default, writing_script_direction: 'LTR' }) as never;
    expect(resolveLanguage('en-US', [language('en', true), language('en_US')])).toEqual({
      language: 'en_US',
      direction: 'LTR',
      reload: false,
    });
  });
});

describe('stored values', () => {
  it.each([
    ['the envelope', { version: 1, data: { items: [] } }, { version: 1, data: { items: [] } }],
    ['a bare value (stored before envelopes)', [1, 2], { version: 0, data: [1, 2] }],
    ['a bare object', { items: [] }, { version: 0, data: { items: [] } }],
    ['null', null, { version: 0, data: null }],
    ['a version written as text', { version: '1', data: 3 }, { version: 1, data: 3 }],
    ['a version that is no number', { version: 'x', data: 3 }, { version: Number.NaN, data: 3 }],
  ])('%s', (_case, parsed, expected) => {
    expect(openEnvelope(parsed)).toEqual(expected);
  });

  it.each([
    [0, 1, true],
    [1, 1, true],
    [2, 1, false],
    [Number.NaN, 1, false],
    [1.5, 1, false],
    [-1, 1, false],
  ])('version %s read by version %s: %s', (version, current, expected) => {
    expect(isReadableVersion(version, current)).toBe(expected);
  });

  it('[S5] drops keys that reach a prototype, wherever they are', () => {
    const parsed = parseStored(
      '{"__proto__":{"a":1},"data":{"constructor":{"prototype":{"b":2}},"items":[{"__proto__":{"c":3},"d":4}]}}',
    );
    expect(parsed).toEqual({ data: { items: [{ d: 4 }] } });
    expect(({} as { a?: unknown }).a).toBeUndefined();
  });
});

describe('an app rule from its route paths', () => {
  const rule = onRoutes(['/signin', '/ProductDetails', '/checkout/']);
  it.each([
    ['/signin', true],
    ['/signin/', true],
    ['/SignIn', true],
    ['/signin/otp', true],
    ['/signing', false],
    ['/productdetails', true],
    ['/checkout', true],
    ['/checkout/co_1', true],
    ['/', false],
    ['/cart', false],
  ])('%s → %s', (pathname, holds) => expect(rule(pathname)).toBe(holds));

  it('holds nowhere without routes', () => expect(onRoutes([])('/')).toBe(false));
});
