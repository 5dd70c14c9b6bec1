// @vitest-environment jsdom
import { isMarketApiError, type Schema, unwrap } from '@marketkit/sdk';
import { useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import {
  useBookings,
  useCancelBooking,
  useDigitalDownload,
  useDigitalProducts,
  useMarket,
  useProductSlots,
  useRescheduleBooking,
  useSession,
  useTrainingOverview,
} from '../../src/react/index.ts';
import { HOST, newDevice, renderWithMarket, SHOPPER_ADDRESS, setupSandbox } from './harness.tsx';

const SIGN_IN = { username: 'shopper@example.com', password: 'Password123' };
const BARISTA_COURSE = 1047; // a service with a classroom training, booked by slot, cash on delivery allowed
const YOGA = 1040; // another service: its slots are not the course's
const HOME_CHEF_EBOOK = 1048; // digital, online payment only
const COD = 1;
const CARD = 2;

setupSandbox();

type Market = ReturnType<typeof useMarket>;

/** Signs the seeded shopper in on a device and saves an address: the scene for an order. */
async function signedIn() {
  const device = newDevice();
  const shop = renderWithMarket(() => ({ session: useSession(), market: useMarket() }), device);
  await act(() => shop.result.current.session.signIn(SIGN_IN));
  const market = shop.result.current.market;
  const address = await unwrap(
    market.client.POST('/cfs/rest/v3/customer-address', {
      body: SHOPPER_ADDRESS,
    }),
  );
  return { device, market, addressId: address.address_id };
}

async function freeSlots(market: Market, productId: number) {
  const slots = await unwrap(
    market.client.GET('/sos/rest/v3/slots', { params: { query: { product_id: productId } } }),
  );
  return slots.data.filter((slot) => slot.booked < slot.capacity);
}

/** A buy-now order of one product (with a slot when given), paid the given way. */
async function placeOrder(
  scene: Awaited<ReturnType<typeof signedIn>>,
  productId: number,
  paymentMethodId: number,
  slotId?: number,
) {
  const { market, addressId } = scene;
  const checkout = await unwrap(
    market.client.POST('/flow-management/rest/v3/checkout-journey', {
      body: {
        source: 'buy_now',
        buy_now_item: { product_id: productId, quantity: 1, ...(slotId ? { slot_id: slotId } : {}) },
      },
    }),
  );
  const created = await unwrap(
    market.client.POST('/ofs/rest/v3/orders', {
      body: {
        checkout_id: checkout.checkout_id,
        delivery_address_id: addressId,
        billing_address_id: addressId,
        payment_method_ids: [paymentMethodId],
      },
    }),
  );
  const order = await unwrap(
    market.client.GET('/ofs/rest/v3/orders/{orderId}', { params: { path: { orderId: created.order_id } } }),
  );
  const item = order.items[0] as Schema<'OrderDetail'>['items'][number];
  return {
    orderId: created.order_id,
    orderItemId: item.order_item_id,
    paymentStatus: created.payment_status,
  };
}

const form = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)]));

/** Pays an order on the sandbox's card gateway page, as a shopper's browser would. */
async function payByCard(market: Market, orderId: number) {
  const config = await unwrap(
    market.client.POST('/ofs/rest/v3/payment-config', {
      body: { order_id: orderId, payment_method_id: CARD, return_url: 'http://localhost:5173/amazonPayment' },
    }),
  );
  if (!('gateway_form' in config) || !config.gateway_form) throw new Error('no card gateway form');
  const { payment_gateway_url: gatewayUrl, ...fields } = config.gateway_form as Record<
    string,
    string | number
  >;
  const page = await (await fetch(String(gatewayUrl), { method: 'POST', body: form(fields) })).text();
  const hidden = Object.fromEntries(
    [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  ) as Record<string, string>;
  expect(hidden.merchant_reference).toBeTruthy();
  const done = await fetch(`${HOST}/__gateway/card/complete`, {
    method: 'POST',
    redirect: 'manual',
    body: form({ ...hidden, outcome: 'paid' }),
  });
  expect(new URL(done.headers.get('location') ?? '').searchParams.get('status')).toBe('14');
}

it('shows a purchased training with its sessions in order, and refuses an item that is not in the order', async () => {
  const scene = await signedIn();
  const [slot] = await freeSlots(scene.market, BARISTA_COURSE);
  if (!slot) throw new Error('the course has no free slot');
  const { orderId, orderItemId } = await placeOrder(scene, BARISTA_COURSE, COD, slot.slot_id);

  const view = renderWithMarket(() => useTrainingOverview(orderItemId, orderId), scene.device);
  await waitFor(() => expect(view.result.current.data).toBeDefined());
  const training = view.result.current.data as Schema<'TrainingOverview'>;
  expect(training).toMatchObject({
    order_id: orderId,
    order_item_id: orderItemId,
    product_name: 'Barista Training Course',
    mode: 'classroom',
    trainer_name: null,
    progress_percent: 0,
  });
  expect(training.sessions.map((s) => s.title)).toEqual([
    'Espresso',
    'Milk texturing',
    'Latte art',
    'Brew methods',
  ]);
  // The first session is the booked slot; the rest follow it.
  expect(training.sessions[0]?.starts_at).toBe(
    new Date(`${slot.slot_date}T${slot.start_time}:00Z`).toISOString(),
  );
  const starts = training.sessions.map((s) => Date.parse(s.starts_at));
  expect(starts).toEqual([...starts].sort((a, b) => a - b));
  expect(training.sessions.every((s) => s.location === 'Marketkit Academy, Johannesburg')).toBe(true);
  expect(training.sessions.every((s) => s.join_link === null && s.status === 'scheduled')).toBe(true);

  const stranger = renderWithMarket(() => useTrainingOverview(orderItemId + 999, orderId), scene.device);
  await waitFor(() => expect(stranger.result.current.isError).toBe(true));
  expect(isMarketApiError(stranger.result.current.error) && stranger.result.current.error.status).toBe(404);
  expect(stranger.result.current.error?.message).toContain('is not part of this order');

  const otherOrder = renderWithMarket(() => useTrainingOverview(orderItemId, orderId + 999), scene.device);
  await waitFor(() => expect(otherOrder.result.current.isError).toBe(true));
  expect(isMarketApiError(otherOrder.result.current.error) && otherOrder.result.current.error.status).toBe(
    404,
  );

  // Ids that cannot name anything never reach the server.
  const invalid = renderWithMarket(() => useTrainingOverview(0, orderId), scene.device);
  expect(invalid.result.current.fetchStatus).toBe('idle');
  expect(invalid.result.current.data).toBeUndefined();
});

it('reschedules a booking to another slot and cancels it, refreshing bookings, slots, the order and the training', async () => {
  const scene = await signedIn();
  const [first, second] = await freeSlots(scene.market, BARISTA_COURSE);
  if (!first || !second) throw new Error('the course needs two free slots');
  const { orderId, orderItemId } = await placeOrder(scene, BARISTA_COURSE, COD, first.slot_id);

  const view = renderWithMarket(
    () => ({
      bookings: useBookings(),
      cancelled: useBookings({ status: 'cancelled' }),
      slots: useProductSlots(BARISTA_COURSE),
      training: useTrainingOverview(orderItemId, orderId),
      order: useQuery({
        queryKey: useMarket().keys.order(orderId),
        queryFn: () =>
          unwrap(scene.market.client.GET('/ofs/rest/v3/orders/{orderId}', { params: { path: { orderId } } })),
      }),
      reschedule: useRescheduleBooking(),
      cancel: useCancelBooking(),
    }),
    scene.device,
  );
  await waitFor(() => {
    expect(view.result.current.bookings.data?.data).toHaveLength(1);
    expect(view.result.current.slots.data).toBeDefined();
    expect(view.result.current.training.data).toBeDefined();
    expect(view.result.current.order.data).toBeDefined();
    expect(view.result.current.cancelled.data?.data).toEqual([]);
  });
  const booking = view.result.current.bookings.data?.data[0] as Schema<'Booking'>;
  expect(booking).toMatchObject({
    order_id: orderId,
    order_item_id: orderItemId,
    product_id: BARISTA_COURSE,
    status: 'booked',
    can_reschedule: true,
    can_cancel: true,
  });
  expect(booking.slot.slot_id).toBe(first.slot_id);
  const bookedBefore = view.result.current.slots.data?.find((s) => s.slot_id === second.slot_id)?.booked;

  // Refusals carry the server's reason and change nothing.
  const yogaSlot = (await freeSlots(scene.market, YOGA))[0] as Schema<'Slot'>;
  await act(() =>
    expect(view.result.current.reschedule(booking, yogaSlot.slot_id)).rejects.toThrow(
      `Slot ${yogaSlot.slot_id} is not a slot of this service`,
    ),
  );
  await act(() =>
    expect(view.result.current.reschedule(booking, first.slot_id)).rejects.toThrow(
      'That is already the booked slot',
    ),
  );
  expect(view.result.current.bookings.data?.data[0]?.slot.slot_id).toBe(first.slot_id);

  const moved = await act(() => view.result.current.reschedule(booking, second.slot_id));
  expect(moved).toMatchObject({ status: 'rescheduled', slot: { slot_id: second.slot_id } });
  await waitFor(() => {
    expect(view.result.current.bookings.data?.data[0]).toMatchObject({
      status: 'rescheduled',
      slot: { slot_id: second.slot_id },
    });
    expect(view.result.current.slots.data?.find((s) => s.slot_id === second.slot_id)?.booked).toBe(
      (bookedBefore ?? 0) + 1,
    );
    expect(view.result.current.order.data?.items[0]?.slot?.slot_id).toBe(second.slot_id);
    expect(view.result.current.training.data?.sessions[0]?.starts_at).toBe(
      new Date(`${second.slot_date}T${second.start_time}:00Z`).toISOString(),
    );
  });

  const cancelled = await act(() => view.result.current.cancel(booking));
  expect(cancelled).toMatchObject({ status: 'cancelled', can_cancel: false, can_reschedule: false });
  await waitFor(() => {
    expect(view.result.current.bookings.data?.data[0]?.status).toBe('cancelled');
    expect(view.result.current.cancelled.data?.data.map((b) => b.booking_id)).toEqual([booking.booking_id]);
    expect(view.result.current.slots.data?.find((s) => s.slot_id === second.slot_id)?.booked).toBe(
      bookedBefore,
    );
  });
  await act(() =>
    expect(view.result.current.cancel(booking)).rejects.toThrow('This booking can no longer be cancelled'),
  );
  await act(() =>
    expect(view.result.current.reschedule(booking, first.slot_id)).rejects.toThrow(
      'This booking can no longer be rescheduled',
    ),
  );
});

it('downloads a digital product only once its order is paid, and counts the download', async () => {
  const scene = await signedIn();
  const order = await placeOrder(scene, HOME_CHEF_EBOOK, CARD);
  expect(order.paymentStatus).toBe('Created');
  const view = renderWithMarket(
    () => ({ products: useDigitalProducts(), download: useDigitalDownload() }),
    scene.device,
  );
  await waitFor(() => expect(view.result.current.products.data).toBeDefined());
  expect(view.result.current.products.data?.some((p) => p.order_id === order.orderId)).toBe(false);
  const unpaid = await act(() =>
    view.result.current.download(order.orderItemId).then(
      () => null,
      (error: unknown) => error,
    ),
  );
  expect(isMarketApiError(unpaid) && unpaid.status).toBe(403);
  expect(isMarketApiError(unpaid) && unpaid.responseMessage).toBe(
    'The download is available once the order is paid',
  );

  await payByCard(scene.market, order.orderId);
  await act(() => view.result.current.products.refetch());
  await waitFor(() =>
    expect(view.result.current.products.data?.some((p) => p.order_id === order.orderId)).toBe(true),
  );
  const purchase = view.result.current.products.data?.find((p) => p.order_id === order.orderId);
  expect(purchase).toMatchObject({
    order_item_id: order.orderItemId,
    product_name: 'The Home Chef E-book',
    file_format: 'PDF',
    downloads_left: 5,
  });

  const file = await act(() => view.result.current.download(order.orderItemId, 'ignored.pdf'));
  expect(file.fileName).toBe('the-home-chef-e-book.pdf');
  expect(file.blob.size).toBe(purchase?.file_size_bytes);
  expect(await file.blob.slice(0, 27).text()).toBe('Marketkit sandbox download:');
  // The list is refreshed: one download fewer.
  await waitFor(() =>
    expect(view.result.current.products.data?.find((p) => p.order_id === order.orderId)?.downloads_left).toBe(
      4,
    ),
  );

  await act(() =>
    expect(view.result.current.download(999_999)).rejects.toThrow('Order item 999999 was not found'),
  );
});
