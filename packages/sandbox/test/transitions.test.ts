import { describe, expect, it } from 'vitest';
import { ORDER_TRANSITIONS, REQUEST_TRANSITIONS } from '../src/index.ts';
import { signInAs, startTestServer } from './support.ts';

describe('order transitions', () => {
  it.each([
    ['Received', ['InProgress', 'Cancelled', 'Rejected']],
    ['InProgress', ['Fulfilled', 'Cancelled']],
    ['Fulfilled', ['Return']],
    ['Return', ['Refund']],
    ['Refund', []],
    ['Cancelled', []],
    ['Rejected', []],
  ] as const)('%s may go to %j', (from, to) => {
    expect(ORDER_TRANSITIONS[from]).toEqual(to);
  });

  it.each([
    ['open', ['pending', 'rejected', 'Cancelled']],
    ['pending', ['Fulfilled', 'rejected', 'Cancelled']],
    ['rejected', []],
  ] as const)('a request %s may go to %j', (from, to) => {
    expect(REQUEST_TRANSITIONS[from]).toEqual(to);
  });
});

describe('the HTTP server', () => {
  it('answers CORS preflights for a storefront on another origin', async () => {
    const { server } = await startTestServer();
    try {
      const preflight = await fetch(`${server.url}/cfs/rest/v3/customer-cart`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:5173',
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'authorization,content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/i);
      expect(preflight.headers.get('access-control-allow-methods')).toContain('PUT');
    } finally {
      await server.close();
    }
  });

  it('refuses a store move the transitions do not allow, and lets the allowed ones through', async () => {
    const { server } = await startTestServer({ controlApi: true });
    try {
      const move = (orderId: number, body: unknown) =>
        fetch(`${server.url}/__sandbox/orders/${orderId}/status`, {
          method: 'POST',
          body: JSON.stringify(body),
        });
      expect((await move(123, { status: 'InProgress' })).status).toBe(404);
      // A cash-on-delivery order placed through the contract.
      const headers = { 'Content-Type': 'application/json' };
      const token = await signInAs(server.url);
      const auth = { ...headers, Authorization: `Bearer ${token}` };
      const call = async (path: string, body: unknown) =>
        (
          (await (
            await fetch(`${server.url}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) })
          ).json()) as { response_body: { address_id: number; checkout_id: string; order_id: number } }
        ).response_body;
      const address = await call('/cfs/rest/v3/customer-address', {
        full_name: 'A',
        phone: '9876543210',
        extension: '+91',
        address_line_1: '1 Road',
        city: 'Jhb',
        state: 'GP',
        country: 'ZA',
        pincode: '2001',
        address_type: 'delivery',
      });
      const checkout = await call('/flow-management/rest/v3/checkout-journey', {
        source: 'buy_now',
        buy_now_item: { product_id: 1009, quantity: 1 },
      });
      const order = await call('/ofs/rest/v3/orders', {
        checkout_id: checkout.checkout_id,
        delivery_address_id: address.address_id,
        billing_address_id: address.address_id,
        payment_method_ids: [1],
      });
      expect((await move(order.order_id, { status: 'Fulfilled' })).status).toBe(409);
      expect((await move(order.order_id, { status: 'InProgress' })).status).toBe(200);
      const fulfilled = await move(order.order_id, { status: 'Fulfilled' });
      // Cash on delivery is paid when the order is delivered.
      expect(await fulfilled.json()).toMatchObject({
        order_status: 'Fulfilled',
        payment_status: 'Completed',
      });
      expect((await move(order.order_id, { status: 'Received' })).status).toBe(409);

      // Returns follow the product's policy: 14 days after delivery, not 20.
      const late = await call('/flow-management/rest/v3/checkout-journey', {
        source: 'buy_now',
        buy_now_item: { product_id: 1009, quantity: 1 },
      });
      const lateOrder = await call('/ofs/rest/v3/orders', {
        checkout_id: late.checkout_id,
        delivery_address_id: address.address_id,
        billing_address_id: address.address_id,
        payment_method_ids: [1],
      });
      await move(lateOrder.order_id, { status: 'InProgress' });
      await move(lateOrder.order_id, { status: 'Fulfilled', delivered_days_ago: 20 });
      const detail = await fetch(`${server.url}/ofs/rest/v3/orders/${lateOrder.order_id}`, { headers: auth });
      const item = (
        (await detail.json()) as {
          response_body: {
            items: { order_item_id: number; can_return: boolean; return_window_ends_at: string }[];
          };
        }
      ).response_body.items[0];
      expect(item?.can_return).toBe(false);
      const refused = await fetch(
        `${server.url}/ofs/rest/v3/orders/${lateOrder.order_id}/return-or-replace`,
        {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({
            order_item_id: item?.order_item_id,
            action: 'return',
            reason: 'Too late?',
            quantity: 1,
          }),
        },
      );
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { response_message: string }).response_message).toMatch(
        /window .* has ended/,
      );
    } finally {
      await server.close();
    }
  });
});
