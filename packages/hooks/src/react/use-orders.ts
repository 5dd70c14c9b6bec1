import { type RequestBody, type ResponseBody, type Schema, unwrap } from '@marketkit/sdk';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  ITEMS_PER_PAGE,
  type OrderListFilters,
  ordersQuery,
  type ReorderPlan,
  reorderPlan,
} from '../core/index.ts';
import { idempotency } from '../store/random.ts';
import { type DownloadedFile, fileFromResponse } from './download.ts';
import { asMarketCall, type MarketQueryResult, refetchAfterWrite, useMarketQuery } from './market-query.ts';
import { useMarket } from './provider.tsx';
import { useSession } from './use-session.ts';

const isId = (value: number) => Number.isSafeInteger(value) && value > 0;

/** What `useOrders` returns: a page of orders (`data.data`, `data.pagination`), `error` a `MarketApiError`. */
export type UseOrdersResult = MarketQueryResult<ResponseBody<'listOrders'>>;

/** Options of `useOrders`. */
export interface UseOrdersOptions {
  /** Orders per page (default 10). */
  perPage?: number;
  /** `false` defers the request. */
  enabled?: boolean;
}

/**
 * A page of the shopper's orders (orders tab) or requests (requests tab) for the page's filters (see
 * `parseOrderFilters`), newest first, 10 a page. The previous page stays on screen while the next loads.
 */
export function useOrders(filters: OrderListFilters, options: UseOrdersOptions = {}): UseOrdersResult {
  const market = useMarket();
  const session = useSession();
  const query = ordersQuery(filters, options.perPage ?? ITEMS_PER_PAGE);
  return useMarketQuery({
    queryKey: market.keys.orders(query),
    queryFn: () => unwrap(market.client.GET('/ofs/rest/v3/orders', { params: { query } })),
    placeholderData: keepPreviousData,
    enabled: session.status === 'signed-in' && (options.enabled ?? true),
  });
}

/** What `useOrder` returns: the order (`data`), `error` a `MarketApiError`. */
export type UseOrderResult = MarketQueryResult<Schema<'OrderDetail'>>;

/** One order with its items, addresses, payments, totals and history (`getOrder`). */
export function useOrder(orderId: number): UseOrderResult {
  const market = useMarket();
  const session = useSession();
  return useMarketQuery({
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
      refetchAfterWrite(
        queryClient,
        market.keys.order(orderId),
        [market.store, 'orders'],
        market.keys.orderPayment(orderId),
        [market.store, 'bookings'],
        [market.store, 'digital-products'],
      ),
    [market, queryClient],
  );
}

/** What `useCancelOrder()` returns (see there). */
export type UseCancelOrderResult = (
  orderId: number,
  input: { reason: string; orderItemIds?: readonly number[] },
) => Promise<Schema<'OrderCancellation'>>;

/**
 * Cancels some items of an order (`orderItemIds`), or the whole order without them. Resolves with what
 * was cancelled, the charge and the refund once the order and the lists are refreshed; rejects with the
 * server's reason (`MarketApiError`), changing nothing, when an item can no longer be cancelled.
 */
export function useCancelOrder(): UseCancelOrderResult {
  const market = useMarket();
  const changed = useOrderChanged();
  return useCallback(
    (orderId, input) =>
      asMarketCall(async () => {
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
      }),
    [market, changed],
  );
}

/** What `useReturnOrReplace()` returns (see there). */
export type UseReturnOrReplaceResult = (
  orderId: number,
  input: RequestBody<'returnOrReplace'>,
) => Promise<Schema<'AfterSaleRequest'>>;

/**
 * Asks to return or replace a delivered item (quantity up to what was ordered). Resolves with the
 * recorded request once the order and the lists are refreshed; rejects with the server's reason when
 * the window has ended or the policy does not allow it.
 */
export function useReturnOrReplace(): UseReturnOrReplaceResult {
  const market = useMarket();
  const changed = useOrderChanged();
  return useCallback(
    (orderId, input) =>
      asMarketCall(async () => {
        const recorded = await unwrap(
          market.client.POST('/ofs/rest/v3/orders/{orderId}/return-or-replace', {
            params: { path: { orderId } },
            body: { ...input, reason: input.reason.trim() },
          }),
        );
        await changed(orderId);
        return recorded;
      }),
    [market, changed],
  );
}

/** What `useInvoice()` returns (see there). */
export type UseInvoiceResult = (orderId: number, orderNumber?: string) => Promise<DownloadedFile>;

/**
 * Downloads an order's invoice: the PDF as a `Blob`, named as the server's `Content-Disposition` says
 * (else `invoice-{orderNumber or id}.pdf`). An order without an invoice yet rejects with the server's
 * message (`MarketApiError`).
 */
export function useInvoice(): UseInvoiceResult {
  const market = useMarket();
  return useCallback(
    (orderId, orderNumber) =>
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
  /** The cart lines the server added or updated. */
  added: Schema<'CartItem'>[];
  /** The products the server refused, each with its own words. */
  rejected: { product: number; response_message: string }[];
  /** Items left out before sending (free, or booked for a slot). */
  skipped: ReorderPlan['skipped'];
  /** The server's message, or empty when nothing was sent. */
  message: string;
}

/** What `useReorder()` returns (see there). */
export type UseReorderResult = (order: Pick<Schema<'OrderDetail'>, 'items'>) => Promise<ReorderResult>;

/**
 * Puts an order's items in the server cart again with one `POST customer-cart` (see `reorderPlan`:
 * free and slot-booked items are left out). A product already in the cart gets the quantity added to
 * its line (the server's rule). Lines the server refuses come back in `rejected`; when it refuses all of
 * them the call rejects with its message.
 */
export function useReorder(): UseReorderResult {
  const market = useMarket();
  const queryClient = useQueryClient();
  return useCallback(
    (order) =>
      asMarketCall(async () => {
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
          await refetchAfterWrite(queryClient, market.keys.cart());
        }
      }),
    [market, queryClient],
  );
}

/** What `useEnquiries` returns: a page of enquiries, `error` a `MarketApiError`. */
export type UseEnquiriesResult = MarketQueryResult<ResponseBody<'listEnquiries'>>;

/** Which of the shopper's enquiries `useEnquiries` reads. */
export interface EnquiriesQuery {
  /** 1-based page (default 1). */
  page?: number;
  /** Enquiries per page (default 10). */
  perPage?: number;
  /** Only those about this product. */
  productId?: number;
}

/** A page of the shopper's enquiries, newest first (optionally about one product). */
export function useEnquiries(query: EnquiriesQuery = {}): UseEnquiriesResult {
  const market = useMarket();
  const session = useSession();
  const params = {
    page_number: query.page ?? 1,
    page_limit: query.perPage ?? ITEMS_PER_PAGE,
    ...(query.productId ? { product_id: query.productId } : {}),
  };
  return useMarketQuery({
    queryKey: market.keys.enquiries(params),
    queryFn: () => unwrap(market.client.GET('/cfs/rest/v3/enquiries', { params: { query: params } })),
    placeholderData: keepPreviousData,
    enabled: session.status === 'signed-in',
  });
}

/** What `useRateProduct()` returns (see there). */
export type UseRateProductResult = (input: RequestBody<'createRating'>) => Promise<Schema<'CustomerRating'>>;

/**
 * Rates a product the shopper ordered (1 to 5, optional title and review). Resolves with the saved
 * rating and refreshes that product's ratings; the server refuses shoppers who did not order it.
 */
export function useRateProduct(): UseRateProductResult {
  const market = useMarket();
  const queryClient = useQueryClient();
  return useCallback(
    (input) =>
      asMarketCall(async () => {
        const rating = await unwrap(market.client.POST('/cfs/rest/v3/ratings', { body: input }));
        await refetchAfterWrite(
          queryClient,
          [market.store, 'ratings', input.product_id],
          market.keys.product(input.product_id),
        );
        return rating;
      }),
    [market, queryClient],
  );
}
