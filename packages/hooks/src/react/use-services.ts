import { type ResponseBody, type Schema, unwrap } from '@marketkit/sdk';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionsByStart } from '../core/index.ts';
import { type DownloadedFile, fileFromResponse } from './download.ts';
import { asMarketCall, type MarketQueryResult, refetchAfterWrite, useMarketQuery } from './market-query.ts';
import { useMarket } from './provider.tsx';
import { useSession } from './use-session.ts';

type Booking = Schema<'Booking'>;
type TrainingOverview = Schema<'TrainingOverview'>;

/** Filters of `useBookings` (`listBookings`): which bookings, and which page of them. */
export interface BookingsQuery {
  /** `upcoming`, `past` or `cancelled`; all of them when absent. */
  status?: 'upcoming' | 'past' | 'cancelled';
  /** 1-based page (default 1). */
  page_number?: number;
  /** Bookings per page (default 10, at most 100). */
  page_limit?: number;
}

/** The booking a mutation changes: enough to find it and the caches that show it. */
export type BookingRef = Pick<Booking, 'booking_id' | 'order_id' | 'product_id'>;

const isId = (value: number) => Number.isSafeInteger(value) && value > 0;
const withSessionsInOrder = (overview: TrainingOverview): TrainingOverview => ({
  ...overview,
  sessions: sessionsByStart(overview.sessions),
});

/** What `useTrainingOverview` returns: the training (`data`), `error` a `MarketApiError`. */
export type UseTrainingOverviewResult = MarketQueryResult<Schema<'TrainingOverview'>>;

/**
 * A purchased training: trainer, mode, progress and its sessions in time order (signed-in only). The
 * server answers 4XX when the item is not part of that order or not the shopper's; 4XX is not retried.
 */
export function useTrainingOverview(orderItemId: number, orderId: number): UseTrainingOverviewResult {
  const market = useMarket();
  const session = useSession();
  return useMarketQuery({
    queryKey: market.keys.training(orderItemId, orderId),
    queryFn: () =>
      unwrap(
        market.client.GET('/sos/rest/v3/trainings/{orderItemId}', {
          params: { path: { orderItemId }, query: { order_id: orderId } },
        }),
      ),
    select: withSessionsInOrder,
    enabled: session.status === 'signed-in' && isId(orderItemId) && isId(orderId),
  });
}

/** What `useBookings` returns: a page of bookings, `error` a `MarketApiError`. */
export type UseBookingsResult = MarketQueryResult<ResponseBody<'listBookings'>>;

/** The shopper's bookings (signed-in only), a page at a time; the last page stays while the next loads. */
export function useBookings(query: BookingsQuery = {}): UseBookingsResult {
  const market = useMarket();
  const session = useSession();
  const params = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.page_number !== undefined ? { page_number: query.page_number } : {}),
    ...(query.page_limit !== undefined ? { page_limit: query.page_limit } : {}),
  };
  return useMarketQuery({
    queryKey: market.keys.bookings(params),
    queryFn: () => unwrap(market.client.GET('/sos/rest/v3/manage-bookings', { params: { query: params } })),
    enabled: session.status === 'signed-in',
    placeholderData: keepPreviousData,
  });
}

/** Everything a booking change shows up in: bookings, its order, its product's slots, trainings. */
function useBookingChanged() {
  const market = useMarket();
  const queryClient = useQueryClient();
  return useCallback(
    (booking: BookingRef) =>
      refetchAfterWrite(
        queryClient,
        [market.store, 'bookings'],
        market.keys.order(booking.order_id),
        market.keys.slots(booking.product_id),
        [market.store, 'training'],
      ),
    [market, queryClient],
  );
}

/** What `useRescheduleBooking()` returns (see there). */
export type UseRescheduleBookingResult = (booking: BookingRef, slotId: number) => Promise<Booking>;

/**
 * Moves a booking to another slot of the same product. Resolves with the updated booking once the
 * bookings, the order and the slots are refreshed; rejects with the server's reason (`MarketApiError`),
 * changing nothing, when the booking can no longer move or the slot is full.
 */
export function useRescheduleBooking(): UseRescheduleBookingResult {
  const market = useMarket();
  const changed = useBookingChanged();
  return useCallback(
    (booking, slotId) =>
      asMarketCall(async () => {
        const updated = await unwrap(
          market.client.PUT('/sos/rest/v3/manage-bookings/{bookingId}', {
            params: { path: { bookingId: booking.booking_id } },
            body: { slot_id: slotId },
          }),
        );
        await changed(booking);
        return updated;
      }),
    [market, changed],
  );
}

/** What `useCancelBooking()` returns (see there). */
export type UseCancelBookingResult = (booking: BookingRef) => Promise<Booking>;

/**
 * Cancels a booking (frees its slot). Resolves with the cancelled booking once the caches are
 * refreshed; rejects with the server's reason (`MarketApiError`) when it can no longer be cancelled.
 */
export function useCancelBooking(): UseCancelBookingResult {
  const market = useMarket();
  const changed = useBookingChanged();
  return useCallback(
    (booking) =>
      asMarketCall(async () => {
        const cancelled = await unwrap(
          market.client.DELETE('/sos/rest/v3/manage-bookings/{bookingId}', {
            params: { path: { bookingId: booking.booking_id } },
          }),
        );
        await changed(booking);
        return cancelled;
      }),
    [market, changed],
  );
}

/** What `useDigitalProducts` returns: the purchases (`data`), `error` a `MarketApiError`. */
export type UseDigitalProductsResult = MarketQueryResult<Schema<'DigitalPurchase'>[]>;

/** Digital products of the shopper's paid orders, newest first (signed-in only). */
export function useDigitalProducts(): UseDigitalProductsResult {
  const market = useMarket();
  const session = useSession();
  return useMarketQuery({
    queryKey: market.keys.digitalProducts({}),
    queryFn: () => unwrap(market.client.GET('/cfs/rest/v3/digital-products')),
    select: (body) => body.data,
    enabled: session.status === 'signed-in',
  });
}

/** What `useDigitalDownload()` returns (see there). */
export type UseDigitalDownloadResult = (
  orderItemId: number,
  fallbackName?: string,
) => Promise<DownloadedFile>;

/**
 * Downloads a purchased digital product as a `Blob` with the file name the server gave
 * (`Content-Disposition`, cleaned; else `fallbackName`). Uses one of the downloads left, so the list
 * is refreshed after it. An unpaid order, no downloads left or another shopper's item rejects with the
 * server's message (`MarketApiError`).
 */
export function useDigitalDownload(): UseDigitalDownloadResult {
  const market = useMarket();
  const queryClient = useQueryClient();
  return useCallback(
    (orderItemId, fallbackName = `download-${orderItemId}`) =>
      asMarketCall(async () => {
        const file = await fileFromResponse(
          market.client.GET('/cfs/rest/v3/digital-products/{orderItemId}/download', {
            params: { path: { orderItemId } },
            // The file, or the JSON error envelope when the server refuses.
            headers: { Accept: 'application/octet-stream, application/json' },
            parseAs: 'blob',
          }),
          fallbackName,
        );
        await refetchAfterWrite(queryClient, [market.store, 'digital-products']);
        return file;
      }),
    [market, queryClient],
  );
}
