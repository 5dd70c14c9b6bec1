import { describe, expect, it } from 'vitest';
import {
  addressesOfType,
  checkoutBlockers,
  emptyAddress,
  gatewayFormPlan,
  isPaymentPageUrl,
  parseOrderId,
  paymentOrigins,
  providerOf,
  readPaymentHandOver,
  returnedOrderId,
  secondProviderPlan,
  validateAddress,
} from '../../src/core/index.ts';

const form = {
  signature: 'abc',
  command: 'PURCHASE',
  merchant_reference: 'MK-14-500001-1',
  amount: 899900,
  access_code: 'code',
  merchant_identifier: 'merchant',
  currency: 'ZAR',
  language: 'en',
  customer_email: 'shopper@example.com',
  return_url: 'https://shop.example/order-status?orderId=500001',
  payment_gateway_url: 'https://pay.example/FortAPI/paymentPage',
};
const card = (gatewayUrl: string, allowed: unknown[] = ['https://pay.example']) => ({
  provider: 'card_gateway',
  gateway_form: { ...form, payment_gateway_url: gatewayUrl },
  allowed_gateway_origins: allowed,
});

describe('where a payment page may be', () => {
  it.each([
    ['https://pay.example/page', true],
    ['http://localhost:4010/__gateway/card/purchase', true],
    ['http://127.0.0.1:9/x', true],
    ['http://[::1]:9/x', true],
    ['http://pay.example/page', false],
    ['javascript:alert(1)', false],
    ['data:text/html,<form>', false],
    ['https://user:pass@pay.example/', false],
    ['//pay.example/page', false],
    ['/order-status', false],
    ['not a url', false],
  ])('%s → %s', (value, allowed) => {
    expect(isPaymentPageUrl(value) !== null).toBe(allowed);
  });
});

describe('the card gateway form (the gateway’s payload)', () => {
  it('posts every field but payment_gateway_url, to that URL', () => {
    const plan = gatewayFormPlan(card('https://pay.example/FortAPI/paymentPage'));
    expect(plan).toEqual({
      ok: true,
      action: 'https://pay.example/FortAPI/paymentPage',
      fields: Object.entries(form)
        .filter(([name]) => name !== 'payment_gateway_url')
        .map(([name, value]) => [name, String(value)]),
    });
  });

  it.each([
    ['another origin', card('https://evil.example/pay'), 'not-allowed'],
    ['a look-alike host', card('https://pay.example.evil.example/pay'), 'not-allowed'],
    ['another port', card('https://pay.example:8443/pay'), 'not-allowed'],
    ['plain http', card('http://pay.example/pay', ['http://pay.example']), 'not-allowed'],
    ['javascript:', card('javascript:alert(1)', ['javascript:alert(1)']), 'not-allowed'],
    ['an empty allowed list', card('https://pay.example/pay', []), 'not-allowed'],
    ['an allowed list of junk', card('https://pay.example/pay', [null, 42, 'pay.example']), 'not-allowed'],
    ['no config', null, 'malformed'],
    [
      'the second provider',
      { provider: 'second_provider', checkout_url: 'https://pay.example' },
      'malformed',
    ],
    [
      'another command',
      { ...card('https://pay.example/p'), gateway_form: { ...form, command: 'REFUND' } },
      'malformed',
    ],
    [
      'an object as a field',
      { ...card('https://pay.example/p'), gateway_form: { ...form, amount: { toString: 'x' } } },
      'malformed',
    ],
  ])('[P4] refuses %s', (_, config, reason) => {
    expect(gatewayFormPlan(config)).toEqual({ ok: false, reason });
  });
});

describe("the storefront's own list of payment origins", () => {
  it.each([
    ['in both lists', card('https://pay.example/p'), ['https://pay.example'], true],
    ['allowed by the server only', card('https://pay.example/p'), ['https://other.example'], false],
    [
      'a forged config that allows its own gateway',
      card('https://evil.example/p', ['https://evil.example']),
      ['https://pay.example'],
      false,
    ],
    ['a list of junk trusts nothing', card('https://pay.example/p'), ['pay.example', 'javascript:x'], false],
    ['no list of its own: the server list decides', card('https://pay.example/p'), [], true],
  ])('[P4] card gateway, %s → %s', (_, config, trusted, ok) => {
    expect(gatewayFormPlan(config, trusted).ok).toBe(ok);
  });

  it.each([
    ['https://pay.example/s', ['https://pay.example'], true],
    ['https://evil.example/s', ['https://pay.example'], false],
    ['https://evil.example/s', [], true],
  ])('[P4] second provider %s with %j → %s', (url, trusted, ok) => {
    expect(secondProviderPlan({ provider: 'second_provider', checkout_url: url }, trusted).ok).toBe(ok);
  });

  it('reads origins from URLs or origins and drops the rest', () => {
    expect([
      ...paymentOrigins(['https://a.example/x?y', 'http://localhost:4010', 'http://b.example', 7]),
    ]).toEqual(['https://a.example', 'http://localhost:4010']);
  });
});

describe('which provider a payment method hands over to', () => {
  it.each([
    [{ is_payment_gateway: false, payment_type: 'COD' }, null],
    [{ is_payment_gateway: true, payment_type: 'CARD_GATEWAY', provider: 'card_gateway' }, 'card_gateway'],
    [{ is_payment_gateway: true, payment_type: 'CASHFREE', provider: 'second_provider' }, 'second_provider'],
    [{ is_payment_gateway: true, payment_type: 'CASHFREE' }, 'second_provider'],
    [{ is_payment_gateway: true, payment_type: 'AMAZON_PAY', provider: 'something new' }, 'card_gateway'],
  ] as const)('%j → %s', (method, provider) => {
    expect(providerOf(method)).toBe(provider);
  });
});

describe('the second provider', () => {
  it.each([
    [
      { provider: 'second_provider', checkout_url: 'https://pay.example/s?id=1' },
      { ok: true, url: 'https://pay.example/s?id=1' },
    ],
    [
      { provider: 'second_provider', checkout_url: 'http://localhost:4010/x' },
      { ok: true, url: 'http://localhost:4010/x' },
    ],
    [
      { provider: 'second_provider', checkout_url: 'javascript:alert(1)' },
      { ok: false, reason: 'not-allowed' },
    ],
    [
      { provider: 'second_provider', checkout_url: 'http://evil.example/' },
      { ok: false, reason: 'not-allowed' },
    ],
    [{ provider: 'card_gateway' }, { ok: false, reason: 'malformed' }],
    ['text', { ok: false, reason: 'malformed' }],
  ])('%j → %j', (config, plan) => {
    expect(secondProviderPlan(config)).toEqual(plan);
  });
});

describe('which order a payment return is about', () => {
  it.each([
    ['?orderId=500001', null, 500001],
    ['?order_id=500002&status=14', null, 500002],
    ['?orderId=500001', '500009', 500001],
    ['', '500009', 500009],
    ['?payDone=true', null, null],
    ['?orderId=-4', '500009', 500009],
    ['?orderId=1e3', null, null],
    ['?orderId=12abc', null, null],
    ['?orderId=99999999999999999999', null, null],
    ['', 'garbage', null],
  ])('[P2] %s with stored %s → %s', (search, stored, orderId) => {
    expect(returnedOrderId(search, stored)).toBe(orderId);
  });

  it.each([
    ['7', 7],
    ['0', null],
    ['', null],
    [null, null],
    [' 7', null],
  ])('parseOrderId(%j) → %j', (value, id) => {
    expect(parseOrderId(value)).toBe(id);
  });

  it.each([
    [{ orderId: 1, paymentMethodId: 2, config: { provider: 'card_gateway' } }, true],
    [{ orderId: '1', paymentMethodId: 2, config: {} }, false],
    [{ orderId: 1, paymentMethodId: 0, config: {} }, false],
    [{ orderId: 1, paymentMethodId: 2 }, false],
    [null, false],
    ['state', false],
  ])('navigation state %j is a hand-over: %s', (state, valid) => {
    expect(readPaymentHandOver(state) !== null).toBe(valid);
  });
});

describe('address form rules', () => {
  const valid = {
    ...emptyAddress('delivery'),
    full_name: '  Asha Shopper ',
    phone: '9876543210',
    address_line_1: '1 Main Road',
    city: 'Johannesburg',
    state: 'Gauteng',
    country: 'South Africa',
    pincode: '2001',
  };

  it('trims, keeps +91 by default and drops empty optional fields', () => {
    const checked = validateAddress(valid);
    expect(checked).toEqual({
      ok: true,
      value: {
        full_name: 'Asha Shopper',
        phone: '9876543210',
        extension: '+91',
        address_line_1: '1 Main Road',
        city: 'Johannesburg',
        state: 'Gauteng',
        country: 'South Africa',
        pincode: '2001',
        address_type: 'delivery',
        is_default: false,
      },
    });
  });

  it.each([
    [{ full_name: '   ' }, { full_name: 'required' }],
    [{ phone: '' }, { phone: 'required' }],
    [{ phone: '12345' }, { phone: 'phone' }],
    [{ phone: '98765 43210' }, { phone: 'phone' }],
    [{ phone: '1234567890123456' }, { phone: 'phone' }],
    [{ extension: '91' }, { extension: 'extension' }],
    [{ extension: '+12345' }, { extension: 'extension' }],
    [{ pincode: '' }, { pincode: 'required' }],
    [{ pincode: '20a1' }, { pincode: 'pincode' }],
    [{ pincode: '123' }, { pincode: 'pincode' }],
    [{ city: 'x'.repeat(121) }, { city: 'too-long' }],
    [{ address_line_2: 'x'.repeat(201) }, { address_line_2: 'too-long' }],
    [{ address_type: 'office' as never }, { address_type: 'type' }],
    [
      { city: '', state: '' },
      { city: 'required', state: 'required' },
    ],
  ])('%j → %j', (change, problems) => {
    expect(validateAddress({ ...valid, ...change })).toEqual({ ok: false, problems });
  });
});

describe('addresses and what blocks a checkout', () => {
  const address = (address_id: number, address_type: 'delivery' | 'billing', is_default = false) => ({
    ...emptyAddress(address_type),
    address_id,
    is_default,
  });

  it('lists one type, default first, and prefers the default', () => {
    const book = [address(1, 'delivery'), address(2, 'billing', true), address(3, 'delivery', true)];
    expect(addressesOfType(book as never, 'delivery')).toMatchObject({
      list: [{ address_id: 3 }, { address_id: 1 }],
      preferred: 3,
    });
    expect(addressesOfType([], 'billing')).toEqual({ list: [], preferred: null });
  });

  const journey = (
    delivery_required: boolean,
    delivery: number | null,
    billing: number | null,
    all_available: boolean | null = true,
    status: 'open' | 'ordered' | 'expired' = 'open',
  ) => ({
    status,
    address_details: { delivery_required, delivery_address_id: delivery, billing_address_id: billing },
    pincode_checkup: { pincode: '2001', all_available, unavailable_product_ids: [] },
  });

  it.each([
    [journey(true, 1, 1), []],
    [journey(false, null, 2), []],
    [journey(true, null, 1), ['delivery-address']],
    [journey(true, 1, null), ['billing-address']],
    [journey(false, null, null), ['billing-address']],
    [journey(true, 1, 1, false), ['undeliverable']],
    [journey(false, null, 1, false), []],
    [journey(true, 1, 1, null), []],
    [journey(true, 1, 1, true, 'ordered'), ['not-open']],
  ])('%j → %j', (checkout, blockers) => {
    expect(checkoutBlockers(checkout)).toEqual(blockers);
  });
});
