import { useEffect, useRef } from 'react';
import { isOrderPaid, paymentReturnAction } from '../core/index.ts';
import { STORAGE_KEYS } from '../store/client-state.ts';
import { refetchAfterWrite } from './market-query.ts';
import { useMarket } from './provider.tsx';

/** What `usePaymentReturnCheck` tells the app. */
export interface PaymentReturnCallbacks {
  /** The stored order is paid (the cart is read again). */
  onPaid?: (orderId: number) => void;
  /** The stored order is not paid, or the check could not be made. */
  onNotPaid?: (orderId: number) => void;
  /** The current route (default: the provider's `pathname`); nothing is checked on payment routes. */
  pathname?: string;
}

/**
 * The payment return check, outside the payment routes: `payDone` 'true' clears the flags;
 * 'false' checks the stored order, and only `Amount paid for that order` counts as paid.
 */
export function usePaymentReturnCheck(callbacks: PaymentReturnCallbacks = {}): void {
  const market = useMarket();
  // Callbacks in a ref: inline functions must not re-send the check on every render.
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const route = callbacks.pathname ?? market.pathname();
  useEffect(() => {
    const storage = market.state.storage;
    const action = paymentReturnAction(
      route,
      storage.get(STORAGE_KEYS.payDone),
      storage.get(STORAGE_KEYS.orderId),
    );
    const clear = () => {
      storage.remove(STORAGE_KEYS.payDone);
      storage.remove(STORAGE_KEYS.orderId);
    };
    if (action.kind === 'clear-flags') clear();
    if (action.kind !== 'check-order') return;
    let cancelled = false;
    market.client
      .PUT('/cfs/rest/v3/check-order-status/{orderId}', { params: { path: { orderId: action.orderId } } })
      .then(({ data, response }) => {
        if (cancelled) return;
        // A definitive answer settles it; a server failure keeps the flags for the next route.
        if (response.status < 500) clear();
        if (isOrderPaid(data?.response_body.message)) {
          void refetchAfterWrite(market.queryClient, market.keys.cart());
          latest.current.onPaid?.(action.orderId);
        } else latest.current.onNotPaid?.(action.orderId);
      })
      .catch(() => {
        if (!cancelled) latest.current.onNotPaid?.(action.orderId);
      });
    return () => {
      cancelled = true;
    };
  }, [market, route]);
}
