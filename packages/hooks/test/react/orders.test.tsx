// @vitest-environment jsdom
import { isMarketApiError, type MarketClient, type Schema, unwrap } from '@marketkit/sdk';
import { act, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  cancellationQuote,
  canDownloadInvoice,
  DEFAULT_ORDER_FILTERS,
  isPaymentComplete,
  orderItemActions,
  parseOrderFilters,
  statusChip,
} from '../../src/core/index.ts';
import {
  useCancelOrder,
  useEnquiries,
  useInvoice,
  useMarket,
  useOrder,
  useOrders,
  useReorder,
  useReturnOrReplace,
  useSession,
} from '../../src/react/index.ts';
import { type Device, HOST, newDevice, renderWithMarket, SHOPPER_ADDRESS, setupSandbox } from './harness.tsx';

const { sandbox, server } = setupSandbox();

const CABLE = 1009; // physical, cash on delivery allowed, no cancellation charge
const AC_SERVICE = 1038; // service with a slot, cancellation charge 50
const WALL_ART = 1027; // request based
const COD = 1;
const CARD = 2;

/** Signs the seeded shopper in on a device and saves a delivery address; gives the signed-in client. */
async function shopper(device: Device) {
  const view = renderWithMarket(() => ({ session: useSession(), market: useMarket() }), device);
  await act(() =>
    view.result.current.session.signIn({ username: 'shopper@example.com', password: 'Password123' }),
  );
  const client = view.result.current.market.client;
  const address = await unwrap(
    client.POST('/cfs/rest/v3/customer-address', {
      body: SHOPPER_ADDRESS,
    }),
  );
  /** Places a buy-now order for one product (a service gets its first free slot). */
  const order = async (productId: number, quantity: number, methods: number[]) => {
    let slotId: number | undefined;
    if (productId === AC_SERVICE) {
      const slots = await unwrap(
        client.GET('/sos/rest/v3/slots', { params: { query: { product_id: productId } } }),
      );
      slotId = slots.data.find((slot) => slot.booked < slot.capacity && slot.slot_date > today())?.slot_id;
    }
    const checkout = await unwrap(
      client.POST('/flow-management/rest/v3/checkout-journey', {
        body: {
          source: 'buy_now',
          buy_now_item: { product_id: productId, quantity, ...(slotId ? { slot_id: slotId } : {}) },
        },
      }),
    );
    return unwrap(
      client.POST('/ofs/rest/v3/orders', {
        body: {
          checkout_id: checkout.checkout_id,
          delivery_address_id: address.address_id,
          billing_address_id: address.address_id,
          payment_method_ids: methods,
        },
      }),
    );
  };
  return { client, order };
}

const today = () => new Date().toISOString().slice(0, 10);

/** Pays an order on the sandbox's card gateway page, as the shopper's browser would. */
async function payByCard(client: MarketClient, orderId: number) {
  const config = await unwrap(
    client.POST('/ofs/rest/v3/payment-config', {
      body: { order_id: orderId, payment_method_id: CARD, return_url: 'http://localhost:5173/amazonPayment' },
    }),
  );
  if (config.provider !== 'card_gateway') throw new Error('expected the card gateway');
  const { payment_gateway_url: action, ...fields } = config.gateway_form;
  const form = (url: string, values: Record<string, string | number>) =>
    fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])),
    });
  const page = await (await form(action, fields)).text();
  const hidden = Object.fromEntries(
    [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  );
  await form(`${HOST}/__gateway/card/complete`, { ...hidden, outcome: 'paid' });
}

/** Moves an order like the store's back office: accepted, then delivered a day ago. */
async function deliver(orderId: number) {
  await sandbox.storeAction(orderId, { status: 'InProgress' });
  await sandbox.storeAction(orderId, { status: 'Fulfilled', delivered_days_ago: 1 });
}

describe('the order list', () => {
  it('lists checkout orders or requests a page at a time, narrowed by the URL filters', async () => {
    const device = newDevice();
    const { order } = await shopper(device);
    const first = await order(CABLE, 1, [COD]);
    const second = await order(CABLE, 2, [COD]);
    const request = await order(WALL_ART, 1, []);
    await deliver(second.order_id);

    let search = '';
    const view = renderWithMarket(() => useOrders(parseOrderFilters(search)), device);
    await waitFor(() => expect(view.result.current.data?.total_count).toBe(2));
    // Newest first; the request is on its own tab.
    expect(view.result.current.data?.data.map((o) => o.order_id)).toEqual([second.order_id, first.order_id]);

    search = 'status=Fulfilled&payment_status=Completed';
    view.rerender();
    await waitFor(() =>
      expect(view.result.current.data?.data.map((o) => o.order_id)).toEqual([second.order_id]),
    );

    search = `search=${encodeURIComponent(` ${first.order_number} `)}`;
    view.rerender();
    await waitFor(() =>
      expect(view.result.current.data?.data.map((o) => o.order_id)).toEqual([first.order_id]),
    );

    search = `to=${today()}&from=2000-01-01&page=2`;
    view.rerender();
    await waitFor(() => expect(view.result.current.data).toMatchObject({ page_number: 2, data: [] }));

    search = 'view=requests&request_status=open';
    view.rerender();
    await waitFor(() =>
      expect(view.result.current.data?.data.map((o) => o.order_id)).toEqual([request.order_id]),
    );
    const listed = view.result.current.data?.data[0];
    expect(listed).toMatchObject({ is_request: true, request_status: 'open' });
    expect(statusChip('request', listed?.request_status ?? '')).toMatchObject({ known: true, tone: 'info' });
  });

  it('asks nothing for a guest', async () => {
    const view = renderWithMarket(() => useOrders(DEFAULT_ORDER_FILTERS), newDevice());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.result.current.fetchStatus).toBe('idle');
    expect(view.result.current.data).toBeUndefined();
  });

  it('lists the enquiries for the enquiries tab', async () => {
    const device = newDevice();
    const { client } = await shopper(device);
    await unwrap(
      client.POST('/cfs/rest/v3/enquiries', {
        body: { product_id: WALL_ART, subject: 'Sizes', message: 'Can it be 2 metres wide?' },
      }),
    );
    const view = renderWithMarket(() => useEnquiries({ page: 1 }), device);
    await waitFor(() =>
      expect(view.result.current.data?.data[0]).toMatchObject({ subject: 'Sizes', status: 'open' }),
    );
  });
});

describe('an order', () => {
  it('cancels one paid service item: the refund is what was paid less the charge', async () => {
    const device = newDevice();
    const { client, order } = await shopper(device);
    const placed = await order(AC_SERVICE, 1, [CARD]);
    await payByCard(client, placed.order_id);
    const view = renderWithMarket(
      () => ({
        order: useOrder(placed.order_id),
        list: useOrders(DEFAULT_ORDER_FILTERS),
        cancel: useCancelOrder(),
      }),
      device,
    );
    await waitFor(() => expect(view.result.current.order.data?.payment_status).toBe('Completed'));
    await waitFor(() => expect(view.result.current.list.data?.total_count).toBe(1));
    const detail = view.result.current.order.data as Schema<'OrderDetail'>;
    const [service] = detail.items;
    expect(service).toMatchObject({ can_cancel: true, cancellation_charge: 50 });
    expect(orderItemActions(service as Schema<'OrderItem'>, new Date())).toEqual(['cancel']);
    const quote = cancellationQuote(detail, [service?.order_item_id as number]);

    const result = await act(() =>
      view.result.current.cancel(placed.order_id, {
        reason: '  Plans changed  ',
        orderItemIds: [service?.order_item_id as number],
      }),
    );
    expect(result).toMatchObject({
      cancellation_charge: 50,
      refund_amount: detail.total - 50,
      order_status: 'Cancelled',
    });
    expect(quote).toEqual({ charge: result.cancellation_charge, refund: result.refund_amount });
    // The order and the list refresh themselves.
    await waitFor(() => expect(view.result.current.order.data?.items[0]?.item_status).toBe('Cancelled'));
    await waitFor(() => expect(view.result.current.list.data?.data[0]?.order_status).toBe('Cancelled'));
    expect(view.result.current.order.data?.status_history.at(-1)?.note).toContain('Plans changed');

    // Cancelling again is refused with the server's reason, and nothing changes.
    const again = await act(() =>
      view.result.current.cancel(placed.order_id, { reason: 'Again' }).catch((error: unknown) => error),
    );
    expect(isMarketApiError(again) && again.responseMessage).toBe('Nothing is left to cancel in this order');
  });

  it('an order cancelled while the orders list is first read shows as cancelled in the list once the cancel resolves', async () => {
    const device = newDevice();
    const { order } = await shopper(device);
    const placed = await order(CABLE, 1, [COD]);
    // The list's first read is answered at once (the order still placed) but reaches the page only
    // after the cancel: a slow network, or a page that cancels as it starts.
    let deliver: () => void = () => {};
    const delivered = new Promise<void>((resolve) => {
      deliver = resolve;
    });
    const listReads: string[] = [];
    server.use(
      http.get(
        `${HOST}/ofs/rest/v3/orders`,
        async ({ request }) => {
          listReads.push(request.url);
          const answer = await sandbox.handle(request);
          await delivered;
          return answer;
        },
        { once: true },
      ),
    );
    const view = renderWithMarket(
      () => ({ list: useOrders(DEFAULT_ORDER_FILTERS), cancel: useCancelOrder(), market: useMarket() }),
      device,
    );
    await waitFor(() => expect(listReads).toHaveLength(1));
    // Delivered once the cancel has written and asked for the list again.
    const unsubscribe = view.result.current.market.queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate') deliver();
    });
    await act(() => view.result.current.cancel(placed.order_id, { reason: 'Plans changed' }));
    unsubscribe();
    // Nothing asks for the list again after the cancel: what it shows now is what stays.
    await waitFor(() => expect(view.result.current.list.isFetching).toBe(false));
    expect(view.result.current.list.data?.data[0]?.order_status).toBe('Cancelled');
  });

  it('returns a delivered item within its window, up to the quantity ordered', async () => {
    const device = newDevice();
    const { order } = await shopper(device);
    const placed = await order(CABLE, 2, [COD]);
    const view = renderWithMarket(
      () => ({ order: useOrder(placed.order_id), afterSale: useReturnOrReplace() }),
      device,
    );
    await waitFor(() => expect(view.result.current.order.data?.items[0]?.can_return).toBe(false));
    await deliver(placed.order_id);
    await act(() => view.result.current.order.refetch());
    await waitFor(() => expect(view.result.current.order.data?.items[0]?.item_status).toBe('Fulfilled'));
    const item = view.result.current.order.data?.items[0] as Schema<'OrderItem'>;
    expect(item).toMatchObject({ item_status: 'Fulfilled', can_return: true, can_replace: true });
    expect(new Date(item.return_window_ends_at ?? 0).getTime()).toBeGreaterThan(Date.now());

    const tooMany = await act(() =>
      view.result.current
        .afterSale(placed.order_id, {
          order_item_id: item.order_item_id,
          action: 'return',
          reason: 'x',
          quantity: 3,
        })
        .catch((error: unknown) => error),
    );
    expect(isMarketApiError(tooMany) && tooMany.responseMessage).toBe('Only 2 were ordered');

    const recorded = await act(() =>
      view.result.current.afterSale(placed.order_id, {
        order_item_id: item.order_item_id,
        action: 'return',
        reason: 'Too short',
        quantity: 1,
      }),
    );
    expect(recorded).toMatchObject({
      action: 'return',
      item_status: 'Return',
      refund_amount: item.final_price,
    });
    await waitFor(() => expect(view.result.current.order.data?.items[0]?.item_status).toBe('Return'));
  });

  it('downloads the invoice of a delivered cash-on-delivery order as a named PDF', async () => {
    const device = newDevice();
    const { order } = await shopper(device);
    const placed = await order(CABLE, 1, [COD]);
    await deliver(placed.order_id);
    const view = renderWithMarket(
      () => ({ order: useOrder(placed.order_id), invoice: useInvoice() }),
      device,
    );
    await waitFor(() => expect(view.result.current.order.data).toBeDefined());
    expect(canDownloadInvoice(view.result.current.order.data as Schema<'OrderDetail'>)).toBe(true);
    const file = await act(() => view.result.current.invoice(placed.order_id, placed.order_number));
    expect(file.fileName).toBe(`invoice-${placed.order_number}.pdf`);
    const text = await file.blob.text();
    expect(text.startsWith('%PDF')).toBe(true);
    expect(text).toContain(placed.order_number);

    const missing = await act(() => view.result.current.invoice(987654).catch((error: unknown) => error));
    expect(isMarketApiError(missing) && missing.responseMessage).toBe('Order 987654 was not found');
  });

  it('orders again: the items land in the server cart, summed with what is there, slots left out', async () => {
    const device = newDevice();
    const { client, order } = await shopper(device);
    const cable = await order(CABLE, 2, [COD]);
    const service = await order(AC_SERVICE, 1, [COD]);
    await unwrap(
      client.POST('/cfs/rest/v3/customer-cart', {
        body: { customer_cart: [{ product: CABLE, cart_quantity: 1 }] },
      }),
    );
    const view = renderWithMarket(
      () => ({ cable: useOrder(cable.order_id), service: useOrder(service.order_id), reorder: useReorder() }),
      device,
    );
    await waitFor(() =>
      expect(view.result.current.service.data && view.result.current.cable.data).toBeTruthy(),
    );
    const cart = async () =>
      Object.fromEntries(
        (await unwrap(client.GET('/cfs/rest/v3/customer-cart', { params: { query: {} } }))).Products.map(
          (l) => [l.product, l.cart_quantity],
        ),
      );

    const again = await act(() =>
      view.result.current.reorder(view.result.current.cable.data as Schema<'OrderDetail'>),
    );
    expect(again.added.map((line) => [line.product, line.cart_quantity])).toEqual([[CABLE, 3]]);
    expect(again.rejected).toEqual([]);
    expect(await cart()).toEqual({ [CABLE]: 3 });

    const slotted = await act(() =>
      view.result.current.reorder(view.result.current.service.data as Schema<'OrderDetail'>),
    );
    expect(slotted).toMatchObject({
      added: [],
      skipped: [{ productId: AC_SERVICE, reason: 'slot' }],
      message: '',
    });
    expect(await cart()).toEqual({ [CABLE]: 3 });
  });

  it('[B4] never takes a payment status it does not know for paid', async () => {
    const device = newDevice();
    const { order } = await shopper(device);
    const placed = await order(CABLE, 1, [COD]);
    await deliver(placed.order_id);
    // The services host starts sending a value this version does not know.
    server.use(
      http.get(`${HOST}/ofs/rest/v3/orders/:orderId`, async ({ request }) => {
        const answer = (await (await sandbox.handle(request)).json()) as {
          response_body: Schema<'OrderDetail'>;
        };
        return HttpResponse.json({
          response_message: 'Success',
          response_body: { ...answer.response_body, payment_status: 'Settled' },
        });
      }),
    );
    const view = renderWithMarket(() => useOrder(placed.order_id), device);
    await waitFor(() => expect(view.result.current.data).toBeDefined());
    const detail = view.result.current.data as Schema<'OrderDetail'>;
    expect(detail.payment_status).toBe('Settled');
    expect(isPaymentComplete(detail.payment_status)).toBe(false);
    expect(statusChip('payment', detail.payment_status)).toEqual({
      kind: 'payment',
      value: 'Settled',
      tone: 'neutral',
      known: false,
    });
    // Not paid, and not a cash-on-delivery order waiting for delivery either: no invoice offered.
    expect(canDownloadInvoice(detail)).toBe(false);
    expect(cancellationQuote(detail).refund).toBe(0);
  });

  it('does not ask for an order id that is not a positive whole number', async () => {
    const device = newDevice();
    await shopper(device);
    const view = renderWithMarket(() => [useOrder(0), useOrder(Number.NaN), useOrder(-4)], device);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.result.current.map((query) => query.fetchStatus)).toEqual(['idle', 'idle', 'idle']);
  });
});
