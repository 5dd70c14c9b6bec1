// @vitest-environment jsdom
import { unwrap } from '@marketkit/sdk';
import { act, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { useCart, useCheckout, useMarket, useSession, useStartCheckout } from '../../src/react/index.ts';
import { newDevice, products, renderWithMarket, SHOPPER_ADDRESS, setupSandbox } from './harness.tsx';

const SIGN_IN = { username: 'shopper@example.com', password: 'Password123' };

/** Signs the seeded shopper in and saves a delivery address in a Johannesburg pincode. */
async function signInWithAddress(shop: {
  session: ReturnType<typeof useSession>;
  market: ReturnType<typeof useMarket>;
}) {
  await act(() => shop.session.signIn(SIGN_IN));
  return unwrap(
    shop.market.client.POST('/cfs/rest/v3/customer-address', {
      body: SHOPPER_ADDRESS,
    }),
  );
}

const { calls } = setupSandbox();

it('[P3] walks a checkout: steps, payment selection against the restrictions, and one order even when placed twice', async () => {
  const device = newDevice();
  const shop = renderWithMarket(
    () => ({ session: useSession(), cart: useCart(), start: useStartCheckout(), market: useMarket() }),
    device,
    '/cart',
  );
  const address = await signInWithAddress(shop.result.current);
  const [cable] = await products([1009]);
  await act(() => shop.result.current.cart.add(cable as NonNullable<typeof cable>, 2));
  const started = await act(() => shop.result.current.start({ source: 'cart' }));
  const view = renderWithMarket(
    () => useCheckout(started.checkout_id),
    device,
    `/checkout/${started.checkout_id}`,
  );
  await waitFor(() => expect(view.result.current.checkout?.checkout_id).toBe(started.checkout_id));
  expect(view.result.current.steps).toEqual({ numberOfSteps: 3, activeStep: 1, clearPayment: false });
  await act(() =>
    view.result.current.update({
      delivery_address_id: address.address_id,
      billing_address_id: address.address_id,
    }),
  );
  await waitFor(() => expect(view.result.current.paymentMethods.length).toBe(3));
  const [cod, card] = view.result.current.paymentMethods;
  act(() => view.result.current.selectPayment(card as NonNullable<typeof card>));
  // Both are allowed: the shopper pays one way, and either alone satisfies the selection.
  expect(view.result.current.payment.isPaymentSelectionSatisfied).toBe(true);
  act(() => view.result.current.selectPayment(cod as NonNullable<typeof cod>));
  // Choosing cash on delivery cleared the gateway.
  expect(view.result.current.payment.payments.map((m) => m.id)).toEqual([cod?.id]);
  expect(view.result.current.payment.isPaymentSelectionSatisfied).toBe(true);
  act(() => view.result.current.removePayment(cod?.id as number));
  // An order is not placed with a selection that pays it no way it allows.
  await act(() =>
    expect(view.result.current.placeOrder()).rejects.toMatchObject({
      kind: 'rule',
      code: 'PAYMENT_METHOD_UNAVAILABLE',
      details: { restrictions: { online_payment: true, pay_on_delivery: true } },
    }),
  );
  act(() => view.result.current.selectPayment(card as NonNullable<typeof card>));
  const first = await act(() => view.result.current.placeOrder());
  const again = await act(() => view.result.current.placeOrder());
  expect(first).toMatchObject({ next_action: 'card_gateway', payment_status: 'Created' });
  expect(again.order_id).toBe(first.order_id);

  const coupon = await act(() =>
    shop.result.current.start({ source: 'buy_now', buy_now_item: { product_id: 1009, quantity: 1 } }),
  );
  const free = renderWithMarket(() => useCheckout(coupon.checkout_id), device);
  await waitFor(() => expect(free.result.current.checkout).not.toBeNull());
  await act(() =>
    free.result.current.update({
      coupon_code: 'FREEORDER',
      billing_address_id: address.address_id,
      delivery_address_id: address.address_id,
    }),
  );
  await waitFor(() => expect(free.result.current.steps.numberOfSteps).toBe(2));
  expect((await act(() => free.result.current.placeOrder())).payment_status).toBe('Completed');
});

it('uses a new idempotency key for another checkout journey', async () => {
  const device = newDevice();
  const shop = renderWithMarket(
    () => ({ session: useSession(), start: useStartCheckout(), market: useMarket() }),
    device,
  );
  const address = await signInWithAddress(shop.result.current);
  const journeys = [];
  for (let i = 0; i < 2; i += 1)
    journeys.push(
      await act(() =>
        shop.result.current.start({ source: 'buy_now', buy_now_item: { product_id: 1021, quantity: 1 } }),
      ),
    );
  let checkoutId = journeys[0]?.checkout_id as string;
  // One mounted hook whose checkout id changes (a route change without a remount).
  const view = renderWithMarket(() => ({ checkout: useCheckout(checkoutId) }), device);
  const orders = [];
  for (const journey of journeys) {
    checkoutId = journey.checkout_id;
    view.rerender();
    await waitFor(() => expect(view.result.current.checkout.checkout?.checkout_id).toBe(checkoutId));
    await act(() =>
      view.result.current.checkout.update({
        coupon_code: 'FREEORDER',
        billing_address_id: address.address_id,
        delivery_address_id: address.address_id,
      }),
    );
    await waitFor(() => expect(view.result.current.checkout.steps.numberOfSteps).toBe(2));
    orders.push((await act(() => view.result.current.checkout.placeOrder())).order_id);
  }
  expect(new Set(orders).size).toBe(2);
});

it('[P3] refuses an order with a code, before any request, until the checkout has what it needs', async () => {
  const device = newDevice();
  const shop = renderWithMarket(
    () => ({ session: useSession(), start: useStartCheckout(), market: useMarket() }),
    device,
  );
  // The seeded shopper has no address yet (issue 19: a plain "Choose a billing address" before).
  await act(() => shop.result.current.session.signIn(SIGN_IN));
  const journey = await act(() =>
    shop.result.current.start({ source: 'buy_now', buy_now_item: { product_id: 1009, quantity: 1 } }),
  );
  const view = renderWithMarket(() => useCheckout(journey.checkout_id), device);
  await waitFor(() => expect(view.result.current.checkout).not.toBeNull());
  calls.length = 0;
  const refusal = () => act(() => view.result.current.placeOrder().catch((error: unknown) => error));
  expect(await refusal()).toMatchObject({
    name: 'MarketApiError',
    kind: 'rule',
    code: 'BILLING_ADDRESS_REQUIRED',
    status: 0,
  });

  const address = await unwrap(
    shop.result.current.market.client.POST('/cfs/rest/v3/customer-address', {
      body: { ...SHOPPER_ADDRESS, address_type: 'billing' },
    }),
  );
  await act(() => view.result.current.update({ billing_address_id: address.address_id }));
  expect(await refusal()).toMatchObject({ code: 'SHIPPING_ADDRESS_REQUIRED' });
  await act(() => view.result.current.update({ delivery_address_id: address.address_id }));
  expect(await refusal()).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE' });
  expect(calls.filter((call) => call === 'POST /ofs/rest/v3/orders')).toEqual([]);
});

it('refuses an order of a journey not loaded yet', async () => {
  const device = newDevice();
  const shop = renderWithMarket(() => ({ session: useSession() }), device);
  await act(() => shop.result.current.session.signIn(SIGN_IN));
  const view = renderWithMarket(() => useCheckout('not-loaded-yet'), device);
  await expect(view.result.current.placeOrder()).rejects.toMatchObject({ code: 'CHECKOUT_NOT_LOADED' });
  // A journey the server does not know: its own MarketApiError, never a bare Error.
  await waitFor(() => expect(view.result.current.error).not.toBeNull());
  expect(view.result.current.error).toMatchObject({ name: 'MarketApiError', kind: 'http' });
});
