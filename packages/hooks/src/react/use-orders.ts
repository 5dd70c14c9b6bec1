import { type RequestBody, type Schema, unwrap } from '@marketkit/sdk';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  ITEMS_PER_PAGE,
  type OrderListFilters,
  ordersQuery,
  type ReorderPlan,
  reorderPlan,
} from '../core/index.ts';
import { type DownloadedFile, fileFromResponse } from './download.ts';
import { useMarket } from './provider.tsx';
import { idempotency } from './random.ts';
import { useSession } from './use-session.ts';

const isId = (value: number) => Number.isSafeInteger(value) && value > 0;

/**
 * A page of the shopper's orders (orders tab) or requests (requests tab) for the page's filters (see
 * `parseOrderFilters`), newest first, 10 a page. The previous page stays on screen while the next loads.
 */
export function useOrders(filters: OrderListFilters, options: { perPage?: number; enabled?: boolean } = {}) {
  const market = useMarket();
  const session = useSession();
  const query = ordersQuery(filters, options.perPage ?? ITEMS_PER_PAGE);
  return useQuery({
    queryKey: market.keys.orders(query),
    queryFn: () => unwrap(market.client.GET('/ofs/rest/v3/orders', { params: { query } })),
    placeholderData: keepPreviousData,
    enabled: session.status === 'signed-in' && (options.enabled ?? true),
  });
}

/** One order with its items, addresses, payments, totals and history (`getOrder`). */
export function useOrder(orderId: number) {
  const market = useMarket();
  const session = useSession();
  return useQuery({
    queryKey: market.keys.order(orderId),
    queryFn: () =>
      unwrap(market.client.GET('/ofs/rest/v3/orders/{orderId}', { params: { path: { orderId } } })),
    enabled: session.status === 'signed-in' && isId(orderId),
  });
}

/** Everything an order change shows up in: the order, every orders list, its bookings and downloads. */
function useOrderChanged() {
  const market = useMarket();
  const queryClient = useQueryClient();
  return useCallback(
    (orderId: number) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: market.keys.order(orderId) }),
        queryClient.invalidateQueries({ queryKey: [market.store, 'orders'] }),
        queryClient.invalidateQueries({ queryKey: market.keys.orderPayment(orderId) }),
        queryClient.invalidateQueries({ queryKey: [market.store, 'bookings'] }),
        queryClient.invalidateQueries({ queryKey: [market.store, 'digital-products'] }),
      ]),
    [market, queryClient],
  );
}

/**
 * Cancels some items of an order (`orderItemIds`), or the whole order without them. Resolves with what
 * was cancelled, the charge and the refund once the order and the lists are refreshed; rejects with the
 * server's reason (`MarketApiError`), changing nothing, when an item can no longer be cancelled.
 */
export function useCancelOrder() {
  const market = useMarket();
  const changed = useOrderChanged();
  return useCallback(
    async (
      orderId: number,
      input: { reason: string; orderItemIds?: readonly number[] },
    ): Promise<Schema<'OrderCancellation'>> => {
      const cancelled = await unwrap(
        market.client.POST('/ofs/rest/v3/orders/{orderId}/cancel', {
          params: { path: { orderId } },
          body: {
            reason: input.reason.trim(),
            ...(input.orderItemIds ? { order_item_ids: [...input.orderItemIds] } : {}),
          },
        }),
      );
      await changed(orderId);
      return cancelled;
    },
    [market, changed],
  );
}

/**
 * Asks to return or replace a delivered item (quantity up to what was ordered). Resolves with the
 * recorded request once the order and the lists are refreshed; rejects with the server's reason when
 * the window has ended or the policy does not allow it.
 */
export function useReturnOrReplace() {
  const market = useMarket();
  const changed = useOrderChanged();
  return useCallback(
    async (orderId: number, input: RequestBody<'returnOrReplace'>): Promise<Schema<'AfterSaleRequest'>> => {
      const recorded = await unwrap(
        market.client.POST('/ofs/rest/v3/orders/{orderId}/return-or-replace', {
          params: { path: { orderId } },
          body: { ...input, reason: input.reason.trim() },
        }),
      );
      await changed(orderId);
      return recorded;
    },
    [market, changed],
  );
}

/**
 * Downloads an order's invoice: the PDF as a `Blob`, named as the server's `Content-Disposition` says
 * (else `invoice-{orderNumber or id}.pdf`). An order without an invoice yet rejects with the server's
 * message (`MarketApiError`).
 */
export function useInvoice() {
  const market = useMarket();
  return useCallback(
    (orderId: number, orderNumber?: string): Promise<DownloadedFile> =>
      fileFromResponse(
        market.client.GET('/ofs/rest/v3/orders/{orderId}/invoice', {
          params: { path: { orderId } },
          // The PDF, or the JSON error envelope when there is no invoice yet.
          headers: { Accept: 'application/pdf, application/json' },
          parseAs: 'blob',
        }),
        `invoice-${orderNumber ?? orderId}.pdf`,
      ),
    [market],
  );
}

/** What "order again" did: lines added to the cart, lines the server refused, items left out. */
export interface ReorderResult {
  added: Schema<'CartItem'>[];
  rejected: { product: number; response_message: string }[];
  skipped: ReorderPlan['skipped'];
  /** The server's message, or empty when nothing was sent. */
  message: string;
}

/**
 * Puts an order's items in the server cart again with one `POST customer-cart` (see `reorderPlan`:
 * free and slot-booked items are left out). A product already in the cart gets the quantity added to
 * its line (the server's rule). Lines the server refuses come back in `rejected`; when it refuses all of
 * them the call rejects with its message.
 */
export function useReorder() {
  const market = useMarket();
  const queryClient = useQueryClient();
  return useCallback(
    async (order: Pick<Schema<'OrderDetail'>, 'items'>): Promise<ReorderResult> => {
      const plan = reorderPlan(order.items);
      if (plan.lines.length === 0) return { added: [], rejected: [], skipped: plan.skipped, message: '' };
      try {
        const { data, error, response } = await market.client.POST('/cfs/rest/v3/customer-cart', {
          params: { header: idempotency() },
          body: { customer_cart: plan.lines },
        });
        const body = await unwrap(Promise.resolve({ data, error, response }));
        return {
          added: body.Products,
          rejected: body.rejected,
          skipped: plan.skipped,
          message: data?.response_message ?? '',
        };
      } finally {
        await queryClient.invalidateQueries({ queryKey: market.keys.cart() });
      }
    },
    [market, queryClient],
  );
}

/** A page of the shopper's enquiries, newest first (optionally about one product). */
export function useEnquiries(query: { page?: number; perPage?: number; productId?: number } = {}) {
  const market = useMarket();
  const session = useSession();
  const params = {
    page_number: query.page ?? 1,
    page_limit: query.perPage ?? ITEMS_PER_PAGE,
    ...(query.productId ? { product_id: query.productId } : {}),
  };
  return useQuery({
    queryKey: market.keys.enquiries(params),
    queryFn: () => unwrap(market.client.GET('/cfs/rest/v3/enquiries', { params: { query: params } })),
    placeholderData: keepPreviousData,
    enabled: session.status === 'signed-in',
  });
}

/**
 * Rates a product the shopper ordered (1 to 5, optional title and review). Resolves with the saved
 * rating and refreshes that product's ratings; the server refuses shoppers who did not order it.
 */
export function useRateProduct() {
  const market = useMarket();
  const queryClient = useQueryClient();
  return useCallback(
    async (input: RequestBody<'createRating'>): Promise<Schema<'CustomerRating'>> => {
      const rating = await unwrap(market.client.POST('/cfs/rest/v3/ratings', { body: input }));
      await queryClient.invalidateQueries({ queryKey: [market.store, 'ratings', input.product_id] });
      await queryClient.invalidateQueries({ queryKey: market.keys.product(input.product_id) });
      return rating;
    },
    [market, queryClient],
  );
}
