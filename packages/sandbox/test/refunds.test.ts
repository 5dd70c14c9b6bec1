import { createMemoryTokenStore, type MarketClient, unwrap } from '@marketkit/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, hiddenInputs, postForm, signInAs, startTestServer } from './support.ts';

// A refund never gives back more than was paid for the line: after product discounts and the order's
// coupon, which is spread over the lines in proportion to their totals, in whole cents.
const CABLE = 1009; // R 199, no cancellation charge
const CHARGER = 1010; // R 549 less 10 % = R 494.10
const SKILLET = 1016; // R 899 less 10 % = R 809.10
const CARD = 2;

describe('refunds (cancel and return) after a coupon', () => {
  let started: Awaited<ReturnType<typeof startTestServer>>;
  let host = '';
  let client: MarketClient;
  let addressId = 0;

  beforeAll(async () => {
    started = await startTestServer({ controlApi: true });
    host = started.server.url;
    const tokens = createMemoryTokenStore({ access_token: await signInAs(host), expires_in: 3600 });
    client = clientFor(host, 'demo', (request) => fetch(request), tokens);
    addressId = (
      await unwrap(
        client.POST('/cfs/rest/v3/customer-address', {
          body: {
            full_name: 'Nomsa Dlamini',
            phone: '9876543210',
            extension: '+27',
            address_line_1: '1 Main Road',
            city: 'Johannesburg',
            state: 'Gauteng',
            country: 'ZA',
            pincode: '2001',
            address_type: 'delivery',
          },
        }),
      )
    ).address_id;
  });
  afterAll(() => started.server.close());

  /** Orders these lines with a coupon; pays by card when there is anything to pay. */
  async function order(lines: { product: number; quantity?: number }[], coupon: string) {
    await unwrap(client.DELETE('/cfs/rest/v3/customer-cart'));
    await unwrap(
      client.POST('/cfs/rest/v3/customer-cart', {
        body: {
          customer_cart: lines.map((line) => ({ product: line.product, cart_quantity: line.quantity ?? 1 })),
        },
      }),
    );
    const checkout = await unwrap(
      client.POST('/flow-management/rest/v3/checkout-journey', { body: { source: 'cart' } }),
    );
    const priced = await unwrap(
      client.PUT('/flow-management/rest/v3/checkout-journey/{checkoutId}', {
        params: { path: { checkoutId: checkout.checkout_id } },
        body: { coupon_code: coupon },
      }),
    );
    const toPay = priced.summary.total > 0;
    const created = await unwrap(
      client.POST('/ofs/rest/v3/orders', {
        body: {
          checkout_id: checkout.checkout_id,
          delivery_address_id: addressId,
          billing_address_id: addressId,
          payment_method_ids: toPay ? [CARD] : [],
          coupon_code: coupon,
        },
      }),
    );
    if (toPay) await payByCard(created.order_id);
    return unwrap(
      client.GET('/ofs/rest/v3/orders/{orderId}', { params: { path: { orderId: created.order_id } } }),
    );
  }

  async function payByCard(orderId: number) {
    const config = await unwrap(
      client.POST('/ofs/rest/v3/payment-config', {
        body: {
          order_id: orderId,
          payment_method_id: CARD,
          return_url: 'http://localhost:5173/amazonPayment',
        },
      }),
    );
    if (config.provider !== 'card_gateway') throw new Error('expected the card gateway');
    const { payment_gateway_url: action, ...fields } = config.gateway_form;
    const hidden = hiddenInputs(await (await postForm(action, fields)).text());
    await postForm(`${host}/__gateway/card/complete`, { ...hidden, outcome: 'paid' });
    await unwrap(client.PUT('/cfs/rest/v3/check-order-status/{orderId}', { params: { path: { orderId } } }));
  }

  const cancel = (orderId: number, orderItemIds?: number[]) =>
    unwrap(
      client.POST('/ofs/rest/v3/orders/{orderId}/cancel', {
        params: { path: { orderId } },
        body: { reason: 'Changed my mind', ...(orderItemIds ? { order_item_ids: orderItemIds } : {}) },
      }),
    );
  const cents = (amount: number) => Math.round(amount * 100);

  it('an order made free by FREEORDER gives nothing back when cancelled', async () => {
    const free = await order([{ product: CABLE }], 'FREEORDER');
    expect(free.summary.total).toBe(0);
    expect(free.payment_status).toBe('Completed');
    expect(free.items[0]?.line_total).toBe(199);
    const cancelled = await cancel(free.order_id);
    expect(cancelled).toMatchObject({ order_status: 'Cancelled', refund_amount: 0 });
  });

  it('a partial coupon: each line gives back at most its share, and the order at most what was paid', async () => {
    // FLAT100: R 100 off R 199 + R 494.10 + 2 × R 809.10 = R 2 311.30.
    const paid = await order(
      [{ product: CABLE }, { product: CHARGER }, { product: SKILLET, quantity: 2 }],
      'FLAT100',
    );
    expect(paid.payment_status).toBe('Completed');
    expect(paid.summary.coupon_discount).toBe(100);
    const paidForGoods = cents(paid.summary.total - paid.summary.delivery_charge);
    const [cable, charger, skillets] = paid.items;
    if (!cable || !charger || !skillets) throw new Error('three lines expected');
    // The R 100 in proportion: 8.60986…, 21.3774… and 70.0125…; the two odd cents go to the largest
    // remainders (the first two lines): 8.61, 21.38 and 70.01.
    const first = await cancel(paid.order_id, [cable.order_item_id]);
    expect(first.refund_amount).toBe(190.39);
    const second = await cancel(paid.order_id, [charger.order_item_id]);
    expect(second.refund_amount).toBe(472.72);
    const last = await cancel(paid.order_id);
    expect(last.refund_amount).toBe(1548.19);
    for (const [refund, line] of [
      [first.refund_amount, cable],
      [second.refund_amount, charger],
      [last.refund_amount, skillets],
    ] as const)
      expect(cents(refund)).toBeLessThan(cents(line.line_total));
    // Together exactly what was paid for the goods (the delivery charge is not a line's).
    expect(cents(first.refund_amount) + cents(second.refund_amount) + cents(last.refund_amount)).toBe(
      paidForGoods,
    );
  });

  it('a return gives back the returned part of what was paid for the line, not its list total', async () => {
    const paid = await order([{ product: CABLE, quantity: 3 }, { product: CHARGER }], 'SAVE10');
    const cable = paid.items.find((item) => item.product_id === CABLE);
    if (!cable) throw new Error('no cable line');
    for (const step of [{ status: 'InProgress' }, { status: 'Fulfilled', delivered_days_ago: 1 }]) {
      const moved = await fetch(`${host}/__sandbox/orders/${paid.order_id}/status`, {
        method: 'POST',
        body: JSON.stringify(step),
      });
      expect(moved.status).toBe(200);
    }
    const returned = await unwrap(
      client.POST('/ofs/rest/v3/orders/{orderId}/return-or-replace', {
        params: { path: { orderId: paid.order_id } },
        body: { order_item_id: cable.order_item_id, action: 'return', quantity: 2, reason: 'Too short' },
      }),
    );
    // 3 × R 199 = R 597 less its 10 % share (R 59.70) is R 537.30 paid; two of three: R 358.20.
    expect(returned.refund_amount).toBe(358.2);
  });
});
