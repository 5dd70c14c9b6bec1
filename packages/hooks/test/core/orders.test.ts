import type { Schema } from '@marketkit/sdk';
import { describe, expect, it } from 'vitest';
import {
  afterSaleQuantity,
  canCancelOrder,
  cancellationQuote,
  canDownloadInvoice,
  changeOrderFilters,
  DEFAULT_ORDER_FILTERS,
  enquiryChip,
  hasOrderFilters,
  historyChip,
  isIsoDate,
  isPaymentComplete,
  type OrderListFilters,
  orderFiltersSearch,
  orderIdFromSearch,
  orderItemActions,
  ordersQuery,
  parseOrderFilters,
  policyLabels,
  reorderPlan,
  statusChip,
} from '../../src/core/index.ts';

type OrderItem = Schema<'OrderItem'>;

const POLICY: Schema<'ProductPolicy'> = {
  return_allowed: true,
  return_days: 14,
  replacement_allowed: false,
  replacement_days: 7,
  refund_cancellation_allowed: true,
  refund_cancellation_days: 2,
  cancellation_allowed: true,
  cancellation_charge: 50,
};

const item = (over: Partial<OrderItem> = {}): OrderItem => ({
  order_item_id: 1,
  product_id: 1009,
  product_name: 'Cable',
  product_image: '',
  product_type_name: 'Physical Product',
  item_type: 'standard_item',
  quantity: 2,
  unit_price: 200,
  final_price: 199,
  line_total: 398,
  item_status: 'Received',
  request_status: null,
  policy: POLICY,
  slot: null,
  can_cancel: false,
  can_return: false,
  can_replace: false,
  return_window_ends_at: null,
  cancellation_charge: 0,
  estimated_delivery_date: null,
  delivered_at: null,
  digital_download_available: false,
  training: false,
  ...over,
});

const SLOT: Schema<'Slot'> = {
  slot_id: 7,
  product_id: 1038,
  slot_date: '2026-03-10',
  start_time: '09:00',
  end_time: '10:30',
  capacity: 4,
  booked: 1,
};

describe('status chips (spec §4 values)', () => {
  it.each([
    ['order', 'Received', 'info'],
    ['order', 'InProgress', 'info'],
    ['order', 'Fulfilled', 'success'],
    ['order', 'Cancelled', 'neutral'],
    ['order', 'Return', 'warning'],
    ['order', 'Refund', 'neutral'],
    ['order', 'Rejected', 'danger'],
    ['payment', 'Created', 'warning'],
    ['payment', 'Placed', 'info'],
    ['payment', 'Failed', 'danger'],
    ['payment', 'Completed', 'success'],
    ['request', 'open', 'info'],
    ['request', 'pending', 'warning'],
    ['request', 'rejected', 'danger'],
    ['request', 'Fulfilled', 'success'],
    ['request', 'Cancelled', 'neutral'],
    ['request', 'Return', 'warning'],
  ] as const)('%s %s is a known %s chip', (kind, value, tone) => {
    expect(statusChip(kind, value)).toEqual({ kind, value, tone, known: true });
  });

  it.each([
    ['order', 'Shipped'],
    ['order', 'received'],
    ['payment', 'Refunded'],
    ['payment', 'completed'],
    ['payment', 'toString'],
    ['request', '__proto__'],
    ['request', 'Open'],
    ['order', ''],
  ] as const)('[B4] %s %j is unknown: shown neutrally', (kind, value) => {
    expect(statusChip(kind, value)).toEqual({ kind, value, tone: 'neutral', known: false });
  });

  it.each([
    ['Received', 'order'],
    ['Completed', 'payment'],
    ['Placed', 'payment'],
    ['pending', 'request'],
    ['Fulfilled', 'order'],
  ] as const)('a history entry %s reads as a %s status', (value, kind) => {
    expect(historyChip(value)).toMatchObject({ kind, known: true });
  });

  it('a history entry with a new value is unknown', () => {
    expect(historyChip('Dispatched')).toMatchObject({ known: false, tone: 'neutral' });
  });

  it.each([
    ['open', 'info', true],
    ['answered', 'success', true],
    ['closed', 'neutral', true],
    ['Open', 'neutral', false],
    ['escalated', 'neutral', false],
    ['toString', 'neutral', false],
    ['', 'neutral', false],
  ] as const)('an enquiry %j → %s (known: %s)', (value, tone, known) => {
    expect(enquiryChip(value)).toEqual({ value, tone, known });
  });

  it.each([
    ['Completed', true],
    ['Placed', false],
    ['Created', false],
    ['Failed', false],
    ['completed', false],
    ['Settled', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('[B4] payment %j is paid: %s', (status, paid) => {
    expect(isPaymentComplete(status)).toBe(paid);
  });
});

describe('invoice', () => {
  const cod = { id: 1, is_payment_gateway: false, payment_type: 'COD' as const, display_name: 'Cash' };
  const card = {
    id: 2,
    is_payment_gateway: true,
    payment_type: 'CARD_GATEWAY' as const,
    display_name: 'Card',
  };
  it.each([
    ['paid by card', 'Completed', 'InProgress', [card], true],
    ['unpaid card order', 'Created', 'Received', [card], false],
    ['failed payment', 'Failed', 'Received', [card], false],
    ['cash on delivery, not delivered', 'Placed', 'InProgress', [cod], false],
    ['cash on delivery, delivered', 'Placed', 'Fulfilled', [cod], true],
    ['cash on delivery, returned', 'Placed', 'Return', [cod], true],
    ['placed without cash on delivery, delivered', 'Placed', 'Fulfilled', [card], false],
    ['an unknown payment status', 'Settled', 'Fulfilled', [card], false],
  ] as const)('%s: %s', (_what, payment_status, order_status, payment_methods, expected) => {
    expect(canDownloadInvoice({ payment_status, order_status, payment_methods: [...payment_methods] })).toBe(
      expected,
    );
  });
});

describe('policy labels', () => {
  it('lists each allowance, its days only when allowed, and the charge when cancelling is allowed', () => {
    expect(policyLabels(POLICY)).toEqual([
      { label: 'return_allowed', kind: 'flag', value: true },
      { label: 'return_days', kind: 'days', value: 14 },
      { label: 'replacement_allowed', kind: 'flag', value: false },
      { label: 'refund_cancellation_allowed', kind: 'flag', value: true },
      { label: 'refund_cancellation_days', kind: 'days', value: 2 },
      { label: 'cancellation_allowed', kind: 'flag', value: true },
      { label: 'cancellation_charge', kind: 'money', value: 50 },
    ]);
  });

  it('shows only the flags when nothing is allowed', () => {
    expect(
      policyLabels({
        ...POLICY,
        return_allowed: false,
        refund_cancellation_allowed: false,
        cancellation_allowed: false,
      }).map((row) => `${row.label}=${row.value}`),
    ).toEqual([
      'return_allowed=false',
      'replacement_allowed=false',
      'refund_cancellation_allowed=false',
      'cancellation_allowed=false',
    ]);
  });

  it('leaves out day counts and charges that are not numbers of 0 or more', () => {
    const rows = policyLabels({
      ...POLICY,
      return_days: -3,
      refund_cancellation_days: Number.NaN,
      cancellation_charge: Number.POSITIVE_INFINITY,
    });
    expect(rows.filter((row) => row.kind !== 'flag')).toEqual([]);
  });
});

describe('order item actions', () => {
  const now = new Date('2026-03-05T12:00:00Z');
  it.each([
    ['nothing allowed', {}, []],
    ['cancellable', { can_cancel: true }, ['cancel']],
    [
      'delivered, within the window',
      {
        item_status: 'Fulfilled',
        can_return: true,
        can_replace: true,
        return_window_ends_at: '2026-03-10T00:00:00Z',
      },
      ['return', 'replace', 'rate'],
    ],
    [
      'delivered, the window ended since the page loaded',
      {
        item_status: 'Fulfilled',
        can_return: true,
        can_replace: true,
        return_window_ends_at: '2026-03-05T11:59:59Z',
      },
      ['rate'],
    ],
    ['returned', { item_status: 'Return' }, []],
    [
      'a paid digital item',
      { product_type_name: 'Digital Product', digital_download_available: true },
      ['download'],
    ],
    [
      'a digital item with no downloads left',
      { product_type_name: 'Digital Product', digital_download_available: false },
      [],
    ],
    ['a service (a plumbing visit)', { product_type_name: 'Service Product', can_cancel: true }, ['cancel']],
    ['a packaged service that is no training', { product_type_name: 'Packaged Service Product' }, []],
    [
      'a training sold as a service',
      { product_type_name: 'Service Product', training: true, can_cancel: true },
      ['cancel', 'training'],
    ],
    [
      'a training sold as a package',
      { product_type_name: 'Packaged Service Product', training: true },
      ['training'],
    ],
    ['a digital item marked as a training', { product_type_name: 'Digital Product', training: true }, []],
  ] as const)('%s', (_what, over, expected) => {
    expect(orderItemActions(item(over as Partial<OrderItem>), now)).toEqual(expected);
  });

  it.each([
    ['every remaining item can be cancelled', [item({ can_cancel: true }), item({ can_cancel: true })], true],
    ['one item cannot', [item({ can_cancel: true }), item({ can_cancel: false })], false],
    [
      'the cancelled items do not count',
      [item({ can_cancel: true }), item({ item_status: 'Cancelled', can_cancel: false })],
      true,
    ],
    ['everything is cancelled already', [item({ item_status: 'Cancelled' })], false],
  ])('the whole order can be cancelled when %s: %s', (_what, items, expected) => {
    expect(canCancelOrder({ items })).toBe(expected);
  });

  it.each([
    ['a paid order refunds each line less its charge', 'Completed', [1, 2], { charge: 60, refund: 687.5 }],
    ['an unpaid order refunds nothing', 'Placed', [1, 2], { charge: 60, refund: 0 }],
    ['one item', 'Completed', [2], { charge: 10, refund: 289.5 }],
    ['the whole order: only what is left', 'Completed', undefined, { charge: 60, refund: 687.5 }],
    ['an unknown payment status is not paid', 'Settled', undefined, { charge: 60, refund: 0 }],
  ] as const)('quote: %s', (_what, payment_status, ids, expected) => {
    const order = {
      payment_status,
      summary: { coupon_discount: 0 },
      items: [
        item({ order_item_id: 1, line_total: 448, cancellation_charge: 50 }),
        item({ order_item_id: 2, line_total: 299.5, cancellation_charge: 10 }),
        item({ order_item_id: 3, line_total: 100, cancellation_charge: 5, item_status: 'Cancelled' }),
      ],
    };
    expect(cancellationQuote(order, ids)).toEqual(expected);
  });

  it('never quotes a negative refund', () => {
    expect(
      cancellationQuote({
        payment_status: 'Completed',
        summary: { coupon_discount: 0 },
        items: [item({ line_total: 20, cancellation_charge: 50 })],
      }),
    ).toEqual({ charge: 50, refund: 0 });
  });

  // A refund is never more than was paid for the line: the order's coupon is spread over its lines.
  const paidOrder = (coupon_discount: number, ...lines: Partial<OrderItem>[]) => ({
    payment_status: 'Completed',
    summary: { coupon_discount },
    items: lines.map((over, index) => item({ order_item_id: index + 1, ...over })),
  });

  it.each([
    [
      'a free order (FREEORDER: goods and delivery waived) gives nothing back',
      paidOrder(259, { line_total: 199 }),
      undefined,
      { charge: 0, refund: 0 },
    ],
    [
      'a free order with a cancellation charge gives nothing back, not a negative amount',
      paidOrder(260, { line_total: 200, cancellation_charge: 20 }),
      undefined,
      { charge: 20, refund: 0 },
    ],
    [
      'a coupon is shared in proportion to the lines: 10 % off 300 + 100',
      paidOrder(40, { line_total: 300 }, { line_total: 100 }),
      [2],
      { charge: 0, refund: 90 },
    ],
    [
      'the whole order gives back exactly what was paid',
      paidOrder(40, { line_total: 300 }, { line_total: 100 }),
      undefined,
      { charge: 0, refund: 360 },
    ],
    [
      'a charge comes off the line’s paid share',
      paidOrder(40, { line_total: 300, cancellation_charge: 30 }, { line_total: 100 }),
      [1],
      { charge: 30, refund: 240 },
    ],
    [
      'a request-based line was not paid at checkout and takes no share',
      paidOrder(10, { line_total: 100 }, { line_total: 500, request_status: 'open' }),
      [1],
      { charge: 0, refund: 90 },
    ],
    [
      'an unpaid order with a coupon still refunds nothing',
      { ...paidOrder(40, { line_total: 300 }), payment_status: 'Placed' },
      undefined,
      { charge: 0, refund: 0 },
    ],
  ] as const)('quote with a coupon: %s', (_what, order, ids, expected) => {
    expect(cancellationQuote(order, ids)).toEqual(expected);
  });

  it.each([
    ['1', 3, 1],
    ['3', 3, 3],
    [' 2 ', 3, 2],
    [2, 3, 2],
    ['4', 3, null],
    ['0', 3, null],
    ['-1', 3, null],
    ['1.5', 3, null],
    ['2e0', 3, null],
    ['', 3, null],
    ['abc', 3, null],
  ])('return quantity %j of %i ordered is %j', (value, ordered, expected) => {
    expect(afterSaleQuantity(value, ordered)).toBe(expected);
  });
});

describe('re-order', () => {
  it('adds each product once with its quantity, leaving out free items and booked slots', () => {
    expect(
      reorderPlan([
        item({ order_item_id: 1, product_id: 1009, quantity: 2 }),
        item({ order_item_id: 2, product_id: 1015, item_type: 'free_item', product_name: 'Stickers' }),
        item({ order_item_id: 3, product_id: 1038, slot: SLOT, product_name: 'AC service' }),
        item({ order_item_id: 4, product_id: 1009, quantity: 3, item_status: 'Cancelled' }),
        item({ order_item_id: 5, product_id: 1027, item_type: 'request_item', quantity: 1 }),
      ]),
    ).toEqual({
      lines: [
        { product: 1009, cart_quantity: 5 },
        { product: 1027, cart_quantity: 1 },
      ],
      skipped: [
        { orderItemId: 2, productId: 1015, productName: 'Stickers', reason: 'free' },
        { orderItemId: 3, productId: 1038, productName: 'AC service', reason: 'slot' },
      ],
    });
  });

  it('caps a line at the cart maximum', () => {
    expect(reorderPlan([item({ quantity: 600 }), item({ order_item_id: 2, quantity: 600 })]).lines).toEqual([
      { product: 1009, cart_quantity: 999 },
    ]);
  });
});

describe('order list filters from the URL', () => {
  it.each([
    ['', {}],
    ['status=Fulfilled&payment_status=Completed', { status: 'Fulfilled', paymentStatus: 'Completed' }],
    ['status=Shipped&payment_status=paid', {}],
    ['status=toString', {}],
    ['view=requests&request_status=pending', { view: 'requests', requestStatus: 'pending' }],
    // Each tab keeps only its own status filters.
    ['view=requests&status=Received&payment_status=Placed', { view: 'requests' }],
    ['request_status=open', {}],
    ['view=everything', {}],
    ['search=%20%20MK-14%20', { search: 'MK-14' }],
    [`search=${'x'.repeat(150)}`, { search: 'x'.repeat(100) }],
    ['from=2025-01-01&to=2025-02-28', { from: '2025-01-01', to: '2025-02-28' }],
    ['from=2025-02-30&to=2025-13-01', {}],
    ['from=yesterday&to=2025-1-5', {}],
    ['from=2025-03-01&to=2025-02-01', { to: '2025-02-01' }],
    ['page=3', { page: 3 }],
    ['page=0', {}],
    ['page=-2', {}],
    ['page=2.5', {}],
    ['page=1e3', {}],
    ['view=enquiries&page=2&status=Received&search=x', { view: 'enquiries', page: 2 }],
    ['view=bookings&page=4&from=2025-01-01', { view: 'bookings' }],
    ['view=downloads', { view: 'downloads' }],
  ])('reads %j', (query, expected) => {
    expect(parseOrderFilters(query)).toEqual({ ...DEFAULT_ORDER_FILTERS, ...expected });
  });

  it.each<[OrderListFilters, string]>([
    [DEFAULT_ORDER_FILTERS, ''],
    [
      { ...DEFAULT_ORDER_FILTERS, status: 'Cancelled', paymentStatus: 'Placed', page: 2 },
      'status=Cancelled&payment_status=Placed&page=2',
    ],
    [
      { ...DEFAULT_ORDER_FILTERS, view: 'requests', requestStatus: 'open', search: ' chairs ' },
      'view=requests&request_status=open&search=chairs',
    ],
    [{ ...DEFAULT_ORDER_FILTERS, from: '2025-01-01', to: '2025-01-31' }, 'from=2025-01-01&to=2025-01-31'],
  ])('writes %j as %s, and reads it back the same', (filters, query) => {
    expect(orderFiltersSearch(filters)).toBe(query);
    expect(parseOrderFilters(query)).toEqual({ ...filters, search: filters.search.trim() });
  });

  it('starts again from page 1 when a filter changes, and from no filters on another tab', () => {
    const filtered = { ...DEFAULT_ORDER_FILTERS, status: 'Fulfilled' as const, search: 'mug', page: 3 };
    expect(changeOrderFilters(filtered, { paymentStatus: 'Completed' })).toMatchObject({
      status: 'Fulfilled',
      paymentStatus: 'Completed',
      page: 1,
    });
    expect(changeOrderFilters(filtered, { page: 4 }).page).toBe(4);
    expect(changeOrderFilters(filtered, { view: 'requests' })).toEqual({
      ...DEFAULT_ORDER_FILTERS,
      view: 'requests',
    });
    expect(changeOrderFilters(filtered, { view: 'orders' }).search).toBe('mug');
  });

  it.each([
    [DEFAULT_ORDER_FILTERS, false],
    [{ ...DEFAULT_ORDER_FILTERS, page: 3 }, false],
    [{ ...DEFAULT_ORDER_FILTERS, search: 'x' }, true],
    [{ ...DEFAULT_ORDER_FILTERS, to: '2025-01-01' }, true],
    [{ ...DEFAULT_ORDER_FILTERS, view: 'requests' as const, requestStatus: 'open' as const }, true],
  ])('%j narrows the list: %s', (filters, expected) => {
    expect(hasOrderFilters(filters)).toBe(expected);
  });

  it('asks the orders call for exactly the filters set, 10 a page, checkout or request orders', () => {
    expect(ordersQuery(DEFAULT_ORDER_FILTERS)).toEqual({ is_request: false, page_number: 1, page_limit: 10 });
    expect(
      ordersQuery(
        parseOrderFilters(
          'status=Fulfilled&payment_status=Completed&search=mug&from=2025-01-01&to=2025-02-01&page=2',
        ),
      ),
    ).toEqual({
      is_request: false,
      order_status: 'Fulfilled',
      payment_status: 'Completed',
      search: 'mug',
      from_date: '2025-01-01',
      to_date: '2025-02-01',
      page_number: 2,
      page_limit: 10,
    });
    expect(ordersQuery(parseOrderFilters('view=requests&request_status=pending'), 5)).toEqual({
      is_request: true,
      request_status: 'pending',
      page_number: 1,
      page_limit: 5,
    });
  });

  it.each([
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-12-31', true],
    ['2025-00-10', false],
    ['25-01-01', false],
    ['2025-01-01T00:00:00Z', false],
    ['', false],
    [null, false],
  ])('%j is a calendar day: %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });
});

describe('the order page address', () => {
  it.each([
    ['orderId=500001', 500001],
    ['?orderId=7&x=1', 7],
    ['', null],
    ['orderId=', null],
    ['orderId=0', null],
    ['orderId=-3', null],
    ['orderId=12.5', null],
    ['orderId=1e3', null],
    ['orderId=0x10', null],
    ['orderId=%2012', null],
    ['orderId=9999999999999999', null],
  ])('%j reads order %j', (query, expected) => {
    expect(orderIdFromSearch(query)).toBe(expected);
  });
});
