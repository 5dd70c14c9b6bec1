import { MarketApiError, type MarketApiErrorKind, type Schema } from '@marketkit/sdk';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  currencyFromSettings,
  DEFAULT_THEME,
  directionOf,
  displayNameOf,
  firstScreenWait,
  languageFromPath,
  onRoutes,
  pageTitle,
  readableText,
  realmNameOf,
  refetchesStoreStatus,
  refetchInLanguage,
  refreshesOn401,
  resolveLanguage,
  safeColour,
  sessionFromToken,
  settingsStoreId,
  storeFailureReason,
  storeFromHost,
  storeIdHint,
  storeIdHintValue,
  storeRealm,
  storeRecheckDelay,
  storeValidationState,
  themeCssVariables,
  themeFromSettings,
  themeStyleSheet,
} from '../../src/core/index.ts';

const jwt = (payload: unknown) => `x.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

describe('session from the access token', () => {
  it.each([
    [null, 'guest', ''],
    ['', 'guest', ''],
    [
      jwt({ name: 'Asha Shopper', given_name: 'Asha', preferred_username: 'asha@x' }),
      'signed-in',
      'Asha Shopper',
    ],
    [jwt({ name: '', given_name: 'Asha', preferred_username: 'asha@x' }), 'signed-in', 'Asha'],
    [jwt({ preferred_username: 'asha@x' }), 'signed-in', 'asha@x'],
    [jwt({ sub: '1' }), 'signed-in', ''],
    [jwt({ name: 'نورة' }), 'signed-in', 'نورة'],
    ['not-a-jwt', 'clear-everything', ''],
    ['a.%%%.c', 'clear-everything', ''],
    [`x.${Buffer.from('[1,2]').toString('base64url')}.y`, 'clear-everything', ''],
  ])('%s → %s (%s)', (token, status, name) => {
    const session = sessionFromToken(token);
    expect(session.status).toBe(status);
    if (session.status === 'signed-in') expect(session.user.displayName).toBe(name);
  });

  it('takes the first present of name, given_name, preferred_username', () => {
    expect(displayNameOf({ given_name: 'G', preferred_username: 'P' })).toBe('G');
    expect(displayNameOf({ name: 42, given_name: '  ', preferred_username: 'P' })).toBe('P');
  });

  it.each([
    ['demo-customer', 'demo'],
    ['souq-customer-eu', 'souq'],
    ['plain', 'plain'],
  ])('realm %s → %s', (realm, name) => expect(realmNameOf(realm)).toBe(name));

  it('builds the store realm', () => expect(storeRealm('demo')).toBe('demo-customer'));
});

const settings = (overrides: Partial<Schema<'StoreSettings'>> = {}): Schema<'StoreSettings'> => ({
  store_id: 14,
  store_name: 'demo',
  store_display_name: 'Demo',
  store_logo_path: '',
  estimated_delivery_days: 2,
  items_per_page: 10,
  logo_size: 'large',
  max_product_price: 500000,
  signup_type: 'OTP',
  store_page_settings: {
    bg_color: '#fefefe',
    fg_color: '',
    btn_primary_bg_color: ' ',
    btn_primary_fg_color: '#000001',
    btn_secondary_bg_color: '',
    btn_secondary_fg_color: '',
    btn_tertiary_bg_color: '',
    btn_tertiary_fg_color: '',
    google_analytics_tag: '',
  },
  store_header_settings: { bg_color: '#023047', fg_color: '' },
  store_footer_settings: { bg_color: '', fg_color: '#333333' },
  ...overrides,
});

describe('asking again in the right language', () => {
  it.each([
    [null, 'en', false],
    [null, 'en_US', false],
    [null, 'ar', true],
    ['ar', 'ar', false],
    ['AR', 'ar', false],
    ['en', 'fr', true],
  ])('answers asked in %j, shopper reads %s: ask again %s', (sent, resolved, again) => {
    expect(refetchInLanguage(sent, resolved)).toBe(again);
  });
});

describe('after an HTTP error', () => {
  const signInPage = onRoutes(['/signin']);
  it.each([
    ['/signin', signInPage, false],
    ['/signin/', signInPage, false],
    ['/', signInPage, true],
    ['/cart', signInPage, true],
    ['/signup', signInPage, true],
    // Without the app's rule a 401 tries a refresh everywhere: the library knows no sign-in page.
    ['/signin', undefined, true],
  ])('should try a token refresh on a 401 at %s (app rule %#): %s', (pathname, rule, refresh) => {
    expect(refreshesOn401(pathname, rule)).toBe(refresh);
  });

  it.each([
    [500, 'http://h/pbs/rest/v3/products', true],
    [404, 'http://h/pbs/rest/v3/products/9', true],
    [400, 'http://h/cfs/rest/v3/customer-cart', true],
    [503, 'http://h/ums/rest/v3/validate-store?store-realmname=demo-customer', false],
    [399, 'http://h/pbs/rest/v3/products', false],
    [500, 'not a url', false],
  ])('should check the store status again after %i on %s: %s', (status, url, refetch) => {
    expect(refetchesStoreStatus({ status, url })).toBe(refetch);
  });
});

describe('readable theme colours', () => {
  it.each([
    ['#ffffff', '#000000', 21],
    ['#fff', '#fff', 1],
    ['#219EBC', '#ffffff', 3.16],
    ['red', '#ffffff', null],
  ])('contrast of %s and %s is %s', (a, b, ratio) => {
    const value = contrastRatio(a, b);
    if (ratio === null) expect(value).toBeNull();
    else expect(value).toBeCloseTo(ratio, 1);
  });

  it.each([
    ['#FFB703', '#111928', '#111928'],
    ['#219EBC', '#ffffff', '#000000'],
    ['#16a34a', '#ffffff', '#000000'],
    ['#023047', '#ffffff', '#ffffff'],
    ['#023047', '#0a3a50', '#ffffff'],
    ['#ffffff', '#fefefe', '#000000'],
    ['teal', 'white', 'white'],
  ])('on %s, text %s is shown as %s', (background, text, shown) => {
    expect(readableText(background, text)).toBe(shown);
  });
});

/** Colours from store settings that must never reach a style: each tries to load, run or break out. */
const HOSTILE_COLOURS: unknown[] = [
  'url(https://evil.example/track.png)',
  'URL(https://evil.example/track.png)',
  'url("javascript:alert(1)")',
  "url('data:image/svg+xml,<svg onload=alert(1)>')",
  'image-set("https://evil.example/x.png" 1x)',
  'expression(alert(1))',
  'var(--mk-page-bg)',
  'attr(data-x color)',
  'rgb(calc(1 + 1), 0, 0)',
  'color-mix(in srgb, red, url(https://evil.example))',
  'rgb(0,0,0) url(https://evil.example)',
  'red;background-image:url(https://evil.example)',
  'red}body{display:none',
  '#fff;}</style><script>alert(1)</script>',
  '</style><img src=x onerror=alert(1)>',
  'red\n;x:y',
  'red\\n;x:y',
  '\\72\\65\\64',
  '/**/red',
  'red !important',
  '#1234567890',
  '#ggg',
  'ｒｅｄ',
  '',
  '   ',
  42,
  null,
  undefined,
  { toString: () => 'red' },
  ['red'],
];

describe('[H4] safe colours', () => {
  it.each(HOSTILE_COLOURS.map((value) => [value]))('refuses %j', (value) => {
    expect(safeColour(value)).toBeNull();
  });

  it.each([
    ['#fff', '#fff'],
    ['#A3A3A3', '#A3A3A3'],
    ['#ffb70380', '#ffb70380'],
    ['  #023047 ', '#023047'],
    ['teal', 'teal'],
    ['rgb(2, 48, 71)', 'rgb(2, 48, 71)'],
    ['rgba(2, 48, 71, 0.5)', 'rgba(2, 48, 71, 0.5)'],
    ['rgb(2 48 71 / 50%)', 'rgb(2 48 71 / 50%)'],
    ['hsl(200, 50%, 30%)', 'hsl(200, 50%, 30%)'],
  ])('keeps the colour %j as %j', (value, kept) => {
    expect(safeColour(value)).toBe(kept);
  });

  it('gives the default for every hostile store colour, so the style sheet holds colours only', () => {
    for (const hostile of HOSTILE_COLOURS) {
      const colour = hostile as string;
      const theme = themeFromSettings([
        settings({
          store_page_settings: {
            bg_color: colour,
            fg_color: colour,
            btn_primary_bg_color: colour,
            btn_primary_fg_color: colour,
            btn_secondary_bg_color: colour,
            btn_secondary_fg_color: colour,
            btn_tertiary_bg_color: colour,
            btn_tertiary_fg_color: colour,
            google_analytics_tag: '',
          },
          store_header_settings: { bg_color: colour, fg_color: colour },
          store_footer_settings: { bg_color: colour, fg_color: colour },
        }),
      ]);
      expect(theme).toEqual(DEFAULT_THEME);
    }
    // Even a theme built by hand (not from settings) loses a value that is no colour.
    const sheet = themeStyleSheet({ ...DEFAULT_THEME, pageBg: 'url(https://evil.example/x.png)' });
    expect(sheet).not.toMatch(/url\(|evil/);
    expect(sheet).toMatch(/^:root\{(--mk-[a-z-]+:[^;{}]+;?)+\}$/);
    expect(themeCssVariables({ ...DEFAULT_THEME, headerBg: 'red}body{x:y' })).not.toHaveProperty(
      '--mk-header-bg',
    );
  });
});

describe('store', () => {
  it.each([
    ['demo.localhost', null, 'demo'],
    ['SOUQ.example.com', null, 'souq'],
    ['localhost', null, 'fallback'],
    ['127.0.0.1', null, 'fallback'],
    ['[::1]', null, 'fallback'],
    ['bad_label.example.com', null, 'fallback'],
    ['demo.example.com', 'fixed', 'fixed'],
  ])('the store of host %s (configured store %s) is %s', (host, store, expected) => {
    expect(storeFromHost(host, { store, defaultStore: 'fallback' })).toBe(expected);
  });

  it.each([
    ['demo-customer:14', 'demo-customer', 14],
    ['demo-customer:14', 'souq-customer', null],
    ['demo-customer:0', 'demo-customer', null],
    ['demo-customer:1.5', 'demo-customer', null],
    ['demo-customer:abc', 'demo-customer', null],
    [':14', '', null],
    ['14', 'demo-customer', null],
    ['', 'demo-customer', null],
    [null, 'demo-customer', null],
  ])('should read the remembered store id %j for realm %s as %j', (stored, realm, id) => {
    expect(storeIdHint(stored, realm)).toBe(id);
  });

  it('should remember a store id in the form it reads back', () => {
    expect(storeIdHint(storeIdHintValue('a-b-customer', 32), 'a-b-customer')).toBe(32);
  });

  it.each([
    [{ status: 'loading' } as const, 14, 14],
    [{ status: 'loading' } as const, null, null],
    [{ status: 'success', name: 'demo', displayName: 'Demo', storeId: 21 } as const, 14, 21],
    [{ status: 'error', reason: 'closed' } as const, 14, null],
  ])('should load settings for %j with hint %j from store %j', (validation, hint, id) => {
    expect(settingsStoreId(validation, hint)).toBe(id);
  });

  it.each([
    [{ isLoading: true }, { status: 'loading' }],
    [
      { isLoading: false, error: new Error('x') },
      { status: 'error', reason: 'failed' },
    ],
    [
      {
        isLoading: false,
        error: new MarketApiError({
          kind: 'http',
          status: 503,
          responseMessage: 'Down',
          method: 'GET',
          url: '/ums',
        }),
      },
      { status: 'error', reason: 'unreachable' },
    ],
    [
      {
        isLoading: false,
        error: new MarketApiError({
          kind: 'http',
          status: 404,
          responseMessage: 'No such store',
          method: 'GET',
          url: '/ums',
        }),
      },
      { status: 'error', reason: 'failed' },
    ],
    [{ isLoading: false }, { status: 'error', reason: 'failed' }],
    [
      {
        isLoading: false,
        data: { name: 'demo', store_display_name: 'Demo', store_status: false, store_id: 14 },
      },
      { status: 'error', reason: 'closed' },
    ],
    [
      {
        isLoading: false,
        data: { name: 'demo', store_display_name: 'Demo', store_status: true, store_id: 14 },
      },
      { status: 'success', name: 'demo', displayName: 'Demo', storeId: 14 },
    ],
  ])('validation %j → %j', (input, state) => expect(storeValidationState(input)).toEqual(state));

  it('lets a store value override a default only when non-empty', () => {
    const theme = themeFromSettings([
      settings(),
      settings({ store_page_settings: { ...settings().store_page_settings, bg_color: '#000000' } }),
    ]);
    expect(theme).toMatchObject({
      pageBg: '#fefefe',
      pageFg: '#000000',
      primaryBg: '#FFB703',
      primaryFg: '#000001',
      secondaryBg: '#ffffff',
      secondaryFg: '#023047',
      headerBg: '#023047',
      footerFg: '#333333',
      primaryColor: '#a3a3a3',
    });
  });

  it('uses the spec defaults without settings', () => {
    expect(themeFromSettings(undefined)).toEqual(DEFAULT_THEME);
    expect(themeFromSettings([])).toEqual(DEFAULT_THEME);
    expect(DEFAULT_THEME).toMatchObject({
      pageBg: '#ffffff',
      pageFg: '#000000',
      primaryBg: '#FFB703',
      primaryFg: '#111928',
      secondaryBg: '#ffffff',
      secondaryFg: '#023047',
    });
  });

  it('names CSS variables after the tokens', () => {
    expect(themeCssVariables(DEFAULT_THEME)).toMatchObject({
      '--mk-page-bg': '#ffffff',
      '--mk-primary-fg': '#111928',
    });
  });

  it.each([
    [undefined, { isoCode: 'INR', symbol: '₹', fractionalUnit: 'Paise', numberToBasic: 100 }],
    [
      [settings({ store_currency: null })],
      { isoCode: 'INR', symbol: '₹', fractionalUnit: 'Paise', numberToBasic: 100 },
    ],
    [
      [
        settings({
          store_currency: {
            id: 1,
            store_id: 14,
            iso_code: 'ZAR',
            symbol: 'R',
            fractional_unit: 'cent',
            number_to_basic: 100,
          },
        }),
      ],
      { isoCode: 'ZAR', symbol: 'R', fractionalUnit: 'cent', numberToBasic: 100 },
    ],
    [
      [
        settings({
          store_currency: {
            id: 1,
            store_id: 14,
            iso_code: 'AED',
            symbol: '',
            fractional_unit: 'fils',
            number_to_basic: 0,
          },
        }),
      ],
      { isoCode: 'AED', symbol: '₹', fractionalUnit: 'fils', numberToBasic: 100 },
    ],
  ])('currency from %j', (list, currency) => expect(currencyFromSettings(list)).toEqual(currency));

  it('titles pages', () => expect(pageTitle('Demo Store')).toBe('Online store | Demo Store'));
});

const lang = (code: string, status: 0 | 1, isDefault = false, rtl = false): Schema<'Language'> => ({
  language_id: 1,
  language_code: code,
  language_name: code,
  status,
  is_default: isDefault,
  writing_script_direction: rtl ? 'RTL' : 'LTR',
});
const LANGUAGES = [lang('en', 1, true), lang('hi', 1), lang('ar', 0, false, true), lang('fr', 1)];
const ARABIC_FIRST = [lang('ar', 1, true, true), lang('en', 1), lang('fr', 1)];

describe('language', () => {
  it.each([
    ['hi', LANGUAGES, { language: 'hi', direction: 'LTR', reload: false }],
    ['HI', LANGUAGES, { language: 'hi', direction: 'LTR', reload: false }],
    ['ar', LANGUAGES, { language: 'en', direction: 'LTR', reload: true }],
    ['de', LANGUAGES, { language: 'en', direction: 'LTR', reload: true }],
    [null, LANGUAGES, { language: 'en', direction: 'LTR', reload: false }],
    ['en', LANGUAGES, { language: 'en', direction: 'LTR', reload: false }],
    [null, ARABIC_FIRST, { language: 'ar', direction: 'RTL', reload: false }],
    ['en', ARABIC_FIRST, { language: 'en', direction: 'LTR', reload: false }],
    ['hi', ARABIC_FIRST, { language: 'ar', direction: 'RTL', reload: true }],
    ['fr', [], { language: 'en', direction: 'LTR', reload: true }],
  ] as const)('saved %s → %j', (saved, languages, decision) =>
    expect(resolveLanguage(saved, languages)).toEqual(decision),
  );

  it.each([
    ['/ar/cart', 'ar'],
    ['/EN_us/x', 'en_US'],
    ['/fr', 'fr'],
    ['/cart', undefined],
    ['/', undefined],
  ])('path %s → %s', (path, code) => expect(languageFromPath(path)).toBe(code));

  it('knows directions', () => {
    expect(directionOf('AR', ARABIC_FIRST)).toBe('RTL');
    expect(directionOf('ar', [])).toBe('RTL');
    expect(directionOf('fr', [])).toBe('LTR');
  });
});

describe('a services host that is down is not a closed store', () => {
  const failure = (kind: MarketApiErrorKind, status: number) =>
    new MarketApiError({
      kind,
      status,
      responseMessage: '',
      method: 'GET',
      url: '/ums/rest/v3/validate-store',
    });
  it.each([
    ['no network', failure('network', 0), 'unreachable'],
    ['a call that hung past its limit', failure('timeout', 0), 'unreachable'],
    ['the host answering 503', failure('http', 503), 'unreachable'],
    ['the host answering 500', failure('http', 500), 'unreachable'],
    ['the host too busy (429)', failure('http', 429), 'unreachable'],
    ['the refresh endpoint out of reach', failure('refresh-unavailable', 0), 'unreachable'],
    ['no such store (404)', failure('http', 404), 'failed'],
    ['a refusal (403)', failure('http', 403), 'failed'],
    ['an answer of no use', failure('malformed', 200), 'failed'],
    ['something else thrown', new Error('x'), 'failed'],
    ['nothing', null, 'failed'],
  ])('%s → %s', (_what, error, reason) => expect(storeFailureReason(error)).toBe(reason));

  it.each([
    [0, 'waiting'],
    [2999, 'waiting'],
    [3000, 'slow'],
    [14_999, 'slow'],
    [15_000, 'overdue'],
    [Number.NaN, 'waiting'],
  ])('after %d ms the first screen is %s', (elapsed, shown) => expect(firstScreenWait(elapsed)).toBe(shown));

  it.each([
    [0, 2000],
    [1, 4000],
    [2, 8000],
    [3, 16_000],
    [4, 30_000],
    [20, 30_000],
    [-1, 2000],
  ])('[U3] recheck %d waits %d ms', (attempt, delay) => expect(storeRecheckDelay(attempt)).toBe(delay));
});
