import { type Schema, formatPrice as sdkFormatPrice } from '@marketkit/sdk';
import { describe, expect, it } from 'vitest';
import {
  afterSignOut,
  bytesToMegabytes,
  checkoutSteps,
  discountPercent,
  formatDate,
  formatDateBritish,
  formatDuration,
  formatMegabytes,
  formatPrice,
  formatTime,
  formatWeekdays,
  initialPaymentSelection,
  isOrderPaid,
  isPaymentSelectionSatisfied,
  megabyteAmount,
  orderRefusal,
  paymentReturnAction,
  paymentSelectionReducer,
  paymentUnavailable,
  readPersisted,
  retryDelay,
  returnPathOrHome,
  routeAccess,
  safeReturnPath,
  sanitizeGuestCart,
  shouldRetry,
  shouldRetryTranslation,
  showsPrice,
  writePersisted,
} from '../../src/core/index.ts';

const item = (item_type: Schema<'ItemType'>, order_flow: Schema<'PurchaseMode'> = 'checkout_based') => ({
  item_type,
  order_flow,
});

describe('checkout steps', () => {
  it.each([
    [
      'standard items',
      [item('standard_item')],
      false,
      { numberOfSteps: 3, activeStep: 1, clearPayment: false },
    ],
    ['no items', [], false, { numberOfSteps: 3, activeStep: 1, clearPayment: false }],
    [
      'all free',
      [item('free_item'), item('free_item')],
      false,
      { numberOfSteps: 2, activeStep: 1, clearPayment: false },
    ],
    [
      'some free',
      [item('free_item'), item('standard_item')],
      false,
      { numberOfSteps: 3, activeStep: 1, clearPayment: false },
    ],
    [
      'a coupon makes it free',
      [item('standard_item')],
      true,
      { numberOfSteps: 2, activeStep: 1, clearPayment: false },
    ],
    [
      'all request-based',
      [item('request_item', 'request_based'), item('standard_item', 'request_based')],
      false,
      { numberOfSteps: 0, activeStep: 0, clearPayment: true },
    ],
    [
      'request-based wins over a free coupon',
      [item('request_item', 'request_based')],
      true,
      { numberOfSteps: 0, activeStep: 0, clearPayment: true },
    ],
    [
      'mixed request and checkout',
      [item('request_item', 'request_based'), item('standard_item')],
      false,
      { numberOfSteps: 3, activeStep: 1, clearPayment: false },
    ],
  ] as const)('%s', (_name, items, coupon, steps) => expect(checkoutSteps(items, coupon)).toEqual(steps));
});

const COD: Schema<'PaymentMethod'> = {
  id: 1,
  payment_type: 'COD',
  display_name: 'Cash',
  is_payment_gateway: false,
};
const CARD: Schema<'PaymentMethod'> = {
  id: 2,
  payment_type: 'CARD_GATEWAY',
  display_name: 'Card',
  is_payment_gateway: true,
};
const SECOND: Schema<'PaymentMethod'> = {
  id: 3,
  payment_type: 'CASHFREE',
  display_name: 'UPI',
  is_payment_gateway: true,
};

describe('what stops an order (placeOrder refuses with the code)', () => {
  const journey = (
    billing: number | null,
    delivery: number | null,
    delivery_required = true,
  ): Pick<Schema<'Checkout'>, 'address_details'> => ({
    address_details: {
      billing_address_id: billing,
      delivery_address_id: delivery,
      delivery_required,
    } as Schema<'Checkout'>['address_details'],
  });
  it.each([
    ['not loaded', null, 3, true, 'CHECKOUT_NOT_LOADED'],
    ['no address at all', journey(null, null), 3, true, 'BILLING_ADDRESS_REQUIRED'],
    ['a delivery address but no billing one', journey(null, 7), 3, true, 'BILLING_ADDRESS_REQUIRED'],
    ['billing only, items delivered', journey(7, null), 3, true, 'SHIPPING_ADDRESS_REQUIRED'],
    ['billing only, nothing delivered', journey(7, null, false), 3, true, null],
    ['both, payment not chosen', journey(7, 7), 3, false, 'PAYMENT_METHOD_UNAVAILABLE'],
    ['both, free order (no payment step)', journey(7, 7), 2, false, null],
    ['both, request only (no steps)', journey(7, 7), 0, false, null],
    ['both, payment chosen', journey(7, 7), 3, true, null],
  ] as const)('%s → %s', (_case, checkout, numberOfSteps, satisfied, refusal) => {
    expect(orderRefusal(checkout, { numberOfSteps }, satisfied)).toBe(refusal);
  });
});

// A non-gateway method that is not cash on delivery (paid on delivery too, by another means).
const VOUCHER: Schema<'PaymentMethod'> = {
  id: 4,
  payment_type: 'AMAZON_PAY',
  display_name: 'Voucher on delivery',
  is_payment_gateway: false,
};

describe('payment selection', () => {
  const both = { online_payment: true, pay_on_delivery: true };
  it.each([
    ['a second gateway replaces the first', [CARD, SECOND], [3]],
    ['cash on delivery clears the gateway', [CARD, COD], [1]],
    ['a gateway clears cash on delivery', [COD, CARD], [2]],
    ['cash on delivery twice is kept once', [COD, COD], [1]],
    ['the last way chosen wins', [CARD, COD, COD, SECOND], [3]],
    ['other non-gateway methods accumulate without duplicates', [VOUCHER, CARD, VOUCHER], [4, 2]],
    ['and stay beside cash on delivery', [COD, VOUCHER], [1, 4]],
  ] as const)('%s: %j → %j', (_name, chosen, ids) => {
    let state = initialPaymentSelection(both);
    for (const method of chosen) state = paymentSelectionReducer(state, { type: 'select', method });
    expect(state.payments.map((m) => m.id)).toEqual(ids);
  });

  it('clears paymentConfig on any change', () => {
    const config: Schema<'PaymentConfig'> = {
      provider: 'second_provider',
      session_id: 's',
      checkout_url: 'https://p.example/x',
      return_url: 'https://s.example/cashfree',
    };
    let state = paymentSelectionReducer(initialPaymentSelection(both), { type: 'config', config });
    expect(state.paymentConfig).toBe(config);
    state = paymentSelectionReducer(state, { type: 'select', method: COD });
    expect(state.paymentConfig).toBeNull();
    state = paymentSelectionReducer(paymentSelectionReducer(state, { type: 'config', config }), {
      type: 'remove',
      methodId: 1,
    });
    expect(state.paymentConfig).toBeNull();
  });

  it.each([
    [{ online_payment: true, pay_on_delivery: false }, [CARD], true],
    [{ online_payment: true, pay_on_delivery: false }, [COD], false],
    [{ online_payment: true, pay_on_delivery: false }, [CARD, COD], false],
    [{ online_payment: true, pay_on_delivery: false }, [CARD, VOUCHER], false],
    [{ online_payment: false, pay_on_delivery: true }, [COD], true],
    [{ online_payment: false, pay_on_delivery: true }, [SECOND], false],
    [{ online_payment: false, pay_on_delivery: true }, [VOUCHER], false],
    [{ online_payment: false, pay_on_delivery: true }, [COD, VOUCHER], true],
    // An order that allows both is paid one way: either alone satisfies it.
    [{ online_payment: true, pay_on_delivery: true }, [CARD], true],
    [{ online_payment: true, pay_on_delivery: true }, [COD], true],
    [{ online_payment: true, pay_on_delivery: true }, [CARD, COD], true],
    [{ online_payment: true, pay_on_delivery: true }, [COD, SECOND], true],
    [{ online_payment: true, pay_on_delivery: true }, [], false],
    // Nothing may pay these items together (a cash-only visit with an online-only phone): no selection
    // pays the order, the empty one included.
    [{ online_payment: false, pay_on_delivery: false }, [], false],
    [{ online_payment: false, pay_on_delivery: false }, [COD], false],
    [{ online_payment: false, pay_on_delivery: false }, [CARD], false],
  ] as const)('with %j, %j is satisfied: %s', (restrictions, methods, satisfied) => {
    let state = initialPaymentSelection(restrictions);
    for (const method of methods) state = paymentSelectionReducer(state, { type: 'select', method });
    expect(state.isPaymentSelectionSatisfied).toBe(satisfied);
  });

  it('is never satisfied by a gateway and cash on delivery together, however they were put together', () =>
    expect(isPaymentSelectionSatisfied([CARD, COD], both)).toBe(false));

  it.each([
    [{ online_payment: true, pay_on_delivery: true }, false],
    [{ online_payment: true, pay_on_delivery: false }, false],
    [{ online_payment: false, pay_on_delivery: true }, false],
    [{ online_payment: false, pay_on_delivery: false }, true],
  ])('with %j, no payment is available: %s', (restrictions, unavailable) =>
    expect(paymentUnavailable(restrictions)).toBe(unavailable),
  );
});

describe('payment return check', () => {
  it.each([
    ['/', 'true', '5', { kind: 'clear-flags' }],
    ['/', 'false', '5', { kind: 'check-order', orderId: 5 }],
    ['/cart', 'false', 'abc', { kind: 'clear-flags' }],
    ['/', null, null, { kind: 'none' }],
    ['/checkout/co_1', 'false', '5', { kind: 'none' }],
    ['/payment', 'false', '5', { kind: 'none' }],
    ['/cashfree', 'false', '5', { kind: 'none' }],
    ['/order-status', 'false', '5', { kind: 'none' }],
    ['/amazonPayment', 'true', '5', { kind: 'none' }],
  ])('[P1] %s payDone=%s orderID=%s', (path, payDone, orderId, action) =>
    expect(paymentReturnAction(path, payDone, orderId)).toEqual(action),
  );

  it.each([
    ['Amount paid for that order', true],
    ['Amount not yet received for that order', false],
    ['amount paid for that order', false],
    ['Amount paid for that order ', false],
    [null, false],
  ])('[B4] check-order-status message %j paid: %s', (message, paid) =>
    expect(isOrderPaid(message)).toBe(paid),
  );
});

describe('formatting', () => {
  it("re-exports the SDK's price text, so nothing public moved", () =>
    expect(formatPrice).toBe(sdkFormatPrice));

  it.each([
    [100, 80, 20],
    [999, 849.15, 15],
    [3, 2, 33],
    [100, 100, 0],
    [0, 0, 0],
    [100, 120, 0],
  ])('discount %s → %s = %s%%', (original, final, percent) =>
    expect(discountPercent(original, final)).toBe(percent),
  );

  it('shows a price unless price_visibility is explicitly false', () => {
    expect(showsPrice({ price_visibility: false })).toBe(false);
    expect(showsPrice({})).toBe(true);
    expect(showsPrice({ price_visibility: null })).toBe(true);
  });

  it.each([
    ['2026-01-05T10:00:00Z', 'January 5, 2026', '5 Jan 2026'],
    ['2026-09-30T23:59:00Z', 'September 30, 2026', '30 Sep 2026'],
    ['not a date', '', ''],
  ])('date %s', (value, long, british) => {
    expect(formatDate(value, { timeZone: 'UTC' })).toBe(long);
    expect(formatDateBritish(value, { timeZone: 'UTC' })).toBe(british);
  });

  it.each([
    ['fr', '5 janvier 2026', '5 janv. 2026', '2:05 PM', '2\u202fh 30\u00a0min', 'lundi & mercredi'],
    ['ar', '5 يناير 2026', null, null, null, 'الاثنين & الأربعاء'],
    ['hi', '5 जनवरी 2026', null, null, null, 'सोमवार & बुधवार'],
    ['en_US', 'January 5, 2026', '5 Jan 2026', '2:05 PM', '2 hr 30 min', 'Monday & Wednesday'],
  ])('dates, times, durations and days in %s through Intl', (locale, long, british, time, duration, days) => {
    const at = '2026-01-05T14:05:00Z';
    expect(formatDate(at, { locale, timeZone: 'UTC' })).toBe(long);
    if (british) expect(formatDateBritish(at, { locale, timeZone: 'UTC' })).toBe(british);
    if (time) expect(formatTime(at, { locale, timeZone: 'UTC' })).toBe(time);
    if (duration) expect(formatDuration(150, locale)).toBe(duration);
    expect(formatWeekdays(['mon', 'wed'], { locale })).toBe(days);
    // The same as Intl itself, whatever this runtime's data says.
    const tag = locale.replace('_', '-');
    expect(formatDate(at, { locale, timeZone: 'UTC' })).toBe(
      new Intl.DateTimeFormat(tag, {
        month: 'long',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(at)),
    );
    expect(formatTime('14:05', { locale })).toBe(
      new Intl.DateTimeFormat(tag, {
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
        timeZone: 'UTC',
      }).format(new Date(at)),
    );
  });

  it('reads an unusable language code as English rather than failing', () => {
    expect(formatDate('2026-01-05T10:00:00Z', { locale: '{{{', timeZone: 'UTC' })).toBe('January 5, 2026');
    expect(formatDuration(45, 'not a language')).toBe('45 min');
  });

  it.each([
    ['09:05', '9:05 AM'],
    ['00:30', '12:30 AM'],
    ['12:00', '12:00 PM'],
    ['23:59', '11:59 PM'],
    ['2026-01-05T14:05:00Z', '2:05 PM'],
  ])('time %s → %s', (value, text) => expect(formatTime(value, { timeZone: 'UTC' })).toBe(text));

  it.each([
    [0, '0 min'],
    [45, '45 min'],
    [59, '59 min'],
    [60, '1 hr'],
    [150, '2 hr 30 min'],
  ])('duration %s → %s', (minutes, text) => expect(formatDuration(minutes)).toBe(text));

  it.each([
    [['mon'], 'Monday'],
    [['mon', 'wed'], 'Monday & Wednesday'],
    [['mon', 'wed', 'fri'], 'Monday, Wednesday & Friday'],
    [['SAT', 'xyz', 'sun'], 'Saturday & Sunday'],
    [[], ''],
  ])('weekdays %j → %s', (days, text) => expect(formatWeekdays(days)).toBe(text));

  it('converts bytes to megabytes', () => {
    expect(bytesToMegabytes(1048576)).toBe(1);
  });

  it.each([
    [13002342, 2, '12.40', '12.40 MB'],
    [1048576, 0, '1', '1 MB'],
    [0, 2, '0.00', '0.00 MB'],
    [59244544, 1, '56.5', '56.5 MB'],
  ])('%d bytes with %d decimals: amount %s, with its unit %s', (bytes, decimals, amount, text) => {
    expect(megabyteAmount(bytes, decimals)).toBe(amount);
    expect(formatMegabytes(bytes, decimals)).toBe(text);
    // The amount a translation puts before its own unit carries no unit of its own.
    expect(megabyteAmount(bytes, decimals)).not.toMatch(/[A-Za-z]/);
  });
});

describe('return paths', () => {
  const origin = 'https://shop.example';
  it.each([
    ['/cart', '/cart'],
    ['/productListing?category_id=5&page=2', '/productListing?category_id=5&page=2'],
    ['/ProductDetails?productId=1#reviews', '/ProductDetails?productId=1#reviews'],
    ['/cart?x=1#y', '/cart?x=1#y'],
    ['/fr/orders/500001', '/fr/orders/500001'],
  ])('[H3] keeps %s', (path, kept) => expect(safeReturnPath(path, origin)).toBe(kept));

  // Known bypasses of naive "starts with /" checks.
  it.each([
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/.//evil.example',
    '/..//evil.example',
    '/x/..//evil.example',
    '/%2e%2e//evil.example',
    '/./%2e//evil.example',
    '/%2F%2Fevil.example',
    '%2F%2Fevil.example',
    'https://evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/\tevil',
    '/\nevil.example',
    '/%0a/evil.example',
    '/%00',
    '\u0000/evil',
    ' //evil.example',
    'evil.example',
    '',
    `/${'a'.repeat(3000)}`,
    '///evil.example',
    '\\/evil.example',
    '/\\\\evil.example',
    '/%5C%5Cevil.example',
    '/\t/evil.example',
    '/\r/evil.example',
    '/\n/evil.example',
    '\t//evil.example',
    '/%09/evil.example',
    '/%0d/evil.example',
    '/\u0000/evil.example',
    '/%2f%2fevil.example',
    '/%2F/evil.example',
    '/%2e%2e%2f%2fevil.example',
    '//evil.example@shop.example',
    'HTTPS://evil.example',
    'https:evil.example',
    'http:evil.example',
    'http:/evil.example',
    '\uff0f\uff0fevil.example',
    '%EF%BC%8F%EF%BC%8Fevil.example',
    'javascript://%0aalert(1)',
    'vbscript:msgbox(1)',
    'data:,x',
  ])('[H3] refuses %j', (path) => {
    expect(safeReturnPath(path, origin)).toBeUndefined();
    expect(returnPathOrHome(path, origin)).toBe('/');
  });

  it('[H3] refuses anything that is not a string', () => {
    expect(returnPathOrHome({ toString: () => '/cart' }, origin)).toBe('/');
  });
});

describe('retries', () => {
  it.each([
    [0, { status: 500 }, true],
    [2, { status: 503 }, true],
    [3, { status: 503 }, false],
    [0, { status: 400 }, false],
    [0, { status: 404 }, false],
    [0, { status: 429 }, false],
    [0, { kind: 'malformed', status: 200 }, false],
    [0, new TypeError('Failed to fetch'), true],
  ])('failure %s of %j retries: %s', (count, error, retries) =>
    expect(shouldRetry(count, error)).toBe(retries),
  );

  it('[T2] backs off 1 s, 2 s, 4 s… capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('persisted values', () => {
  const options = {
    version: 1,
    fallback: sanitizeGuestCart([]).state,
    sanitize: (value: unknown) => {
      const { state, dropped } = sanitizeGuestCart(value);
      return { value: state, dropped };
    },
  };
  it.each([
    [null, 'empty'],
    ['', 'empty'],
    ['{not json', 'corrupt'],
    [JSON.stringify({ version: 7, data: {} }), 'corrupt'],
    [writePersisted(1, { items: [] }), 'ok'],
    [writePersisted(1, { items: [{ productId: 'x' }] }), 'ok'],
    [JSON.stringify({ items: [] }), 'ok'],
  ])('%j → %s', (raw, status) => expect(readPersisted(raw, options).status).toBe(status));

  it('[S1] keeps the raw text of a corrupt value so it can be put aside', () => {
    const result = readPersisted('{"version":1,"data":', options);
    expect(result).toMatchObject({ status: 'corrupt', raw: '{"version":1,"data":' });
  });

  it('[S5] ignores __proto__ keys', () => {
    const result = readPersisted('{"version":1,"data":{"items":[],"__proto__":{"polluted":true}}}', options);
    expect(result.status).toBe('ok');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('translation retries', () => {
  it.each([
    [0, 503, false, true],
    [0, null, false, true],
    [2, 500, false, true],
    [3, 500, false, false],
    [0, 404, false, false],
    [0, 200, true, false],
  ])('failure %s with status %s (parse error %s) retries: %s', (count, status, parseError, retries) =>
    expect(shouldRetryTranslation(count, status, parseError)).toBe(retries),
  );
});

describe('route guards', () => {
  it.each([
    ['all', false, 'render'],
    ['all', true, 'render'],
    ['signed-in', false, 'sign-in'],
    ['signed-in', true, 'render'],
    ['guest', true, 'home'],
    ['guest', false, 'render'],
  ] as const)('%s route, signed in %s → %s', (access, signedIn, decision) =>
    expect(routeAccess(access, signedIn)).toBe(decision),
  );

  it.each([
    // A page opened after the access token lapsed holds only the refresh token: renew, then render.
    ['signed-in', false, true, 'none', 'renew'],
    ['signed-in', false, true, 'renewing', 'wait'],
    ['signed-in', true, false, 'none', 'render'],
    // Cut off (no network): said with a retry, never sent to the sign-in form.
    ['signed-in', false, true, 'unavailable', 'renew-failed'],
    // Refused: the refresh token is gone, so the shopper signs in (the page is remembered).
    ['signed-in', false, false, 'none', 'sign-in'],
    ['signed-in', false, false, 'unavailable', 'sign-in'],
    ['all', false, true, 'none', 'render'],
    ['guest', false, true, 'none', 'render'],
    ['guest', true, true, 'none', 'home'],
  ] as const)(
    '%s route, signed in %s, refresh token held %s, renewal %s → %s',
    (access, signedIn, renewable, renewal, decision) =>
      expect(routeAccess(access, { signedIn, renewable, renewal })).toBe(decision),
  );

  it.each([
    // The shopper's own sign-out cleared the session first: the signed-in page waits for it to end.
    ['signed-in', true, 'wait'],
    ['signed-in', false, 'sign-in'],
    ['all', true, 'render'],
    ['guest', true, 'render'],
  ] as const)(
    '%s route as sign-out clears the session, signing out %s → %s',
    (access, signingOut, decision) =>
      expect(routeAccess(access, { signedIn: false, renewable: false, renewal: 'none', signingOut })).toBe(
        decision,
      ),
  );
});

describe('after sign-out', () => {
  it.each([
    // Confirmed, the shopper still where they signed out: the page loads again at /.
    [true, false, 'load-home'],
    // A page the shopper opened or started opening meanwhile is theirs.
    [true, true, 'stay'],
    // Refused or unanswered: signed out locally already, no reload or redirect.
    [false, false, 'stay'],
    [false, true, 'stay'],
  ] as const)('confirmed %s, shopper moved %s → %s', (confirmed, shopperMoved, where) =>
    expect(afterSignOut({ confirmed, shopperMoved })).toBe(where),
  );
});
