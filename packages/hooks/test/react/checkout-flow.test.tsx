// @vitest-environment jsdom
import { unwrap } from '@marketkit/sdk';
import { act, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { returnedOrderId } from '../../src/core/index.ts';
import {
  STORAGE_KEYS,
  useAddresses,
  useCheckout,
  useCoupons,
  useMarket,
  useOrderPaymentCheck,
  usePincodeCheck,
  useSession,
  useStartCheckout,
} from '../../src/react/index.ts';
import { HOST, newDevice, renderWithMarket, SHOPPER_ADDRESS, setupSandbox } from './harness.tsx';

const { sandbox, calls } = setupSandbox();
const SIGN_IN = { username: 'shopper@example.com', password: 'Password123' };
const ADDRESS = SHOPPER_ADDRESS;

function signedIn() {
  const device = newDevice();
  const view = renderWithMarket(
    () => ({ session: useSession(), book: useAddresses(), start: useStartCheckout(), market: useMarket() }),
    device,
    '/customerAddress',
  );
  return { device, view, signIn: () => act(() => view.result.current.session.signIn(SIGN_IN)) };
}

it('keeps an address book: add, change, make default, delete, each followed by the server list', async () => {
  const { view, signIn } = signedIn();
  await signIn();
  await waitFor(() => expect(view.result.current.book.isLoading).toBe(false));
  expect(view.result.current.book.addresses).toEqual([]);
  const home = await act(() => view.result.current.book.create({ ...ADDRESS, is_default: true }));
  const work = await act(() =>
    view.result.current.book.create({ ...ADDRESS, address_line_1: '9 Work Street' }),
  );
  await waitFor(() => expect(view.result.current.book.addresses).toHaveLength(2));
  await act(() => view.result.current.book.update(work.address_id, { ...ADDRESS, city: 'Pretoria' }));
  await act(() => view.result.current.book.makeDefault({ ...work, city: 'Pretoria' }));
  await waitFor(() =>
    expect(view.result.current.book.addresses.find((a) => a.is_default)?.address_id).toBe(work.address_id),
  );
  // One default per type: the old one lost it.
  expect(view.result.current.book.addresses.find((a) => a.address_id === home.address_id)?.is_default).toBe(
    false,
  );
  await act(() => view.result.current.book.remove(home.address_id));
  await waitFor(() =>
    expect(view.result.current.book.addresses.map((a) => [a.address_id, a.city])).toEqual([
      [work.address_id, 'Pretoria'],
    ]),
  );
  // A refusal reaches the caller with the server's words and changes nothing.
  await expect(act(() => view.result.current.book.remove(999999))).rejects.toThrow(/not found/i);
  expect(view.result.current.book.addresses).toHaveLength(1);
});

it('checks a pincode for several products at once, and coupons for the checkout items', async () => {
  const { device, signIn } = signedIn();
  await signIn();
  // 1018 is delivered only in Gauteng zones (2001), 1037 is a service (no delivery).
  let pincode: string | null = null;
  const check = renderWithMarket(
    () => usePincodeCheck(pincode, [1018, 1037, 1018]),
    device,
    '/customerAddress',
  );
  expect(check.result.current.result).toBeNull();
  pincode = '9001';
  check.rerender();
  await waitFor(() => expect(check.result.current.result?.all_available).toBe(false));
  expect(check.result.current.result?.items.map((i) => [i.product_id, i.available])).toEqual([
    [1018, false],
    [1037, true],
  ]);
  pincode = '2001';
  check.rerender();
  await waitFor(() => expect(check.result.current.result?.all_available).toBe(true));

  const coupons = renderWithMarket(() => useCoupons([{ product_id: 1009, quantity: 1 }]), device);
  await waitFor(() => expect(coupons.result.current.coupons.length).toBeGreaterThan(0));
  expect(coupons.result.current.coupons.map((c) => c.coupon_code)).toContain('SAVE10');
  const valid = await act(() => coupons.result.current.validate('SAVE10'));
  expect(valid).toMatchObject({ valid: true, coupon_code: 'SAVE10', makes_order_free: false });
  expect(valid.coupon_discount).toBeGreaterThan(0);
  await expect(act(() => coupons.result.current.validate('EXPIRED5'))).rejects.toThrow(/expired/i);
  expect((await act(() => coupons.result.current.validate('FREEORDER'))).makes_order_free).toBe(true);
});

it('[P3] applies and removes a coupon on the journey; steps follow; a double click places one order', async () => {
  const { device, view, signIn } = signedIn();
  await signIn();
  const address = await act(() => view.result.current.book.create(ADDRESS));
  const journey = await act(() =>
    view.result.current.start({ source: 'buy_now', buy_now_item: { product_id: 1009, quantity: 1 } }),
  );
  const flow = renderWithMarket(() => useCheckout(journey.checkout_id), device);
  await waitFor(() => expect(flow.result.current.checkout).not.toBeNull());
  await act(() =>
    flow.result.current.update({
      delivery_address_id: address.address_id,
      billing_address_id: address.address_id,
    }),
  );
  const total = flow.result.current.checkout?.summary.total ?? 0;
  await act(() => flow.result.current.applyCoupon('SAVE10'));
  await waitFor(() => expect(flow.result.current.checkout?.summary.total).toBeLessThan(total));
  expect(flow.result.current.steps.numberOfSteps).toBe(3);
  await act(() => flow.result.current.applyCoupon('FREEORDER'));
  await waitFor(() => expect(flow.result.current.steps.numberOfSteps).toBe(2));
  expect(flow.result.current.checkout?.summary.is_free).toBe(true);
  await act(() => flow.result.current.removeCoupon());
  await waitFor(() => expect(flow.result.current.checkout?.coupon).toBeNull());
  expect(flow.result.current.steps.numberOfSteps).toBe(3);
  // A coupon the server refuses leaves the journey as it was.
  await expect(act(() => flow.result.current.applyCoupon('EXPIRED5'))).rejects.toThrow(/expired/i);
  expect(flow.result.current.checkout?.summary.total).toBe(total);

  await act(() => flow.result.current.applyCoupon('FREEORDER'));
  await waitFor(() => expect(flow.result.current.steps.numberOfSteps).toBe(2));
  calls.length = 0;
  const [first, second] = await act(() =>
    Promise.all([flow.result.current.placeOrder(), flow.result.current.placeOrder()]),
  );
  expect(second.order_id).toBe(first.order_id);
  expect(calls.filter((call) => call === 'POST /ofs/rest/v3/orders')).toHaveLength(1);
});

/** Drives the sandbox's card gateway the way the shopper's browser would, to a paid or failed outcome. */
async function settleCard(form: Record<string, string | number>, outcome: 'paid' | 'failed') {
  const { payment_gateway_url: action, ...fields } = form;
  const page = await sandbox.handle(
    new Request(String(action), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])),
    }),
  );
  const html = await page.text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const reference = /name="merchant_reference" value="([^"]+)"/.exec(html)?.[1] ?? '';
  await sandbox.handle(
    new Request(`${HOST}/__gateway/card/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ merchant_reference: reference, token, outcome }),
    }),
  );
}

/** The signed-in shopper places a card order and is handed over to the gateway (not paid yet). */
async function placeCardOrder() {
  const { device, view, signIn } = signedIn();
  await signIn();
  const address = await act(() => view.result.current.book.create(ADDRESS));
  const journey = await act(() =>
    view.result.current.start({ source: 'buy_now', buy_now_item: { product_id: 1001, quantity: 1 } }),
  );
  const flow = renderWithMarket(() => useCheckout(journey.checkout_id), device);
  await waitFor(() => expect(flow.result.current.paymentMethods.length).toBeGreaterThan(0));
  await act(() =>
    flow.result.current.update({
      delivery_address_id: address.address_id,
      billing_address_id: address.address_id,
    }),
  );
  const card = flow.result.current.paymentMethods.find((m) => m.payment_type === 'CARD_GATEWAY');
  act(() => flow.result.current.selectPayment(card as NonNullable<typeof card>));
  const order = await act(() => flow.result.current.placeOrder());
  expect(order.next_action).toBe('card_gateway');
  const handOver = await act(() =>
    flow.result.current.startPayment(
      order.order_id,
      card?.id ?? 0,
      `${HOST}/order-status?orderId=${order.order_id}`,
    ),
  );
  if (handOver.config.provider !== 'card_gateway') throw new Error('expected the card gateway');
  return { device, view, order, handOver: handOver.config };
}

it('[P1] marks an order paid only when check-order-status says so (a forged payDone is not proof), and clears the flags it answered', async () => {
  const { device, view, order, handOver } = await placeCardOrder();
  expect(device.storage.getItem(STORAGE_KEYS.payDone)).toBe('false');
  expect(device.storage.getItem(STORAGE_KEYS.orderId)).toBe(String(order.order_id));

  // A forged flag is not proof: the unpaid order is reported unpaid.
  device.storage.setItem(STORAGE_KEYS.payDone, 'true');
  const before = renderWithMarket(() => useOrderPaymentCheck(order.order_id), device, '/order-status');
  await waitFor(() => expect(before.result.current.paid).toBe(false));
  expect(device.storage.getItem(STORAGE_KEYS.orderId)).toBeNull();
  before.unmount();

  await settleCard(handOver.gateway_form, 'paid');
  const after = renderWithMarket(() => useOrderPaymentCheck(order.order_id), device, '/order-status');
  await waitFor(() => expect(after.result.current.paid).toBe(true));
  // Another shopper's or an unknown order is an error, never paid.
  const unknown = renderWithMarket(() => useOrderPaymentCheck(999999), device, '/order-status');
  await waitFor(() => expect(unknown.result.current.error).not.toBeNull());
  expect(unknown.result.current.paid).toBeNull();
  await expect(
    unwrap(
      view.result.current.market.client.GET('/ofs/rest/v3/orders/{orderId}', {
        params: { path: { orderId: order.order_id } },
      }),
    ),
  ).resolves.toMatchObject({ payment_status: 'Completed' });
});

it('[P2] a tampered return query (gateway success codes typed in) is ignored: only the server says paid', async () => {
  const { device, view, order } = await placeCardOrder();
  // The shopper comes back with success codes typed into the address, without paying.
  const search = `?orderId=${order.order_id}&status=14&response_code=14000&response_message=Success&payDone=true&paid=1`;
  const orderId = returnedOrderId(search, device.storage.getItem(STORAGE_KEYS.orderId));
  expect(orderId).toBe(order.order_id);
  calls.length = 0;
  const check = renderWithMarket(() => useOrderPaymentCheck(orderId), device, '/order-status');
  await waitFor(() => expect(check.result.current.paid).toBe(false));
  expect(calls.filter((call) => call.includes('check-order-status'))).toEqual([
    `PUT /cfs/rest/v3/check-order-status/${order.order_id}`,
  ]);
  await expect(
    unwrap(
      view.result.current.market.client.GET('/ofs/rest/v3/orders/{orderId}', {
        params: { path: { orderId: order.order_id } },
      }),
    ),
  ).resolves.toMatchObject({ payment_status: 'Created' });
});
