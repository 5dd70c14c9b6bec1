import { type RequestBody, type Schema, unwrap } from '@marketkit/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import {
  checkoutSteps,
  initialPaymentSelection,
  isOrderPaid,
  type PaymentHandOver,
  paymentSelectionReducer,
} from '../core/index.ts';
import { STORAGE_KEYS } from './client-state.ts';
import { useMarket } from './provider.tsx';

/** A checkout journey: its state (spec §3), steps, payment selection, and placing the order. */
export function useCheckout(checkoutId: string) {
  const market = useMarket();
  const queryClient = useQueryClient();
  const key = useMemo(() => market.keys.checkout(checkoutId), [market, checkoutId]);
  const checkout = useQuery({
    queryKey: key,
    queryFn: () =>
      unwrap(
        market.client.GET('/flow-management/rest/v3/checkout-journey/{checkoutId}', {
          params: { path: { checkoutId } },
        }),
      ),
  });
  const paymentTypes = useQuery({
    queryKey: market.keys.paymentTypes(checkoutId),
    queryFn: () =>
      unwrap(
        market.client.GET('/ofs/rest/v3/payment-types', { params: { query: { checkout_id: checkoutId } } }),
      ),
  });
  const data = checkout.data;
  const steps = useMemo(
    () => checkoutSteps(data?.checkout_items ?? [], data?.coupon?.makes_order_free ?? false),
    [data],
  );
  const [payment, dispatchPayment] = useReducer(paymentSelectionReducer, undefined, () =>
    initialPaymentSelection(),
  );
  useEffect(() => {
    if (data) dispatchPayment({ type: 'restrictions', restrictions: data.payment_type_restrictions });
  }, [data]);
  useEffect(() => {
    if (steps.clearPayment) dispatchPayment({ type: 'clear' });
  }, [steps.clearPayment]);
  // One idempotency key per checkout journey, the same after a reload: a journey makes one order, and
  // a retried call answers the first one.
  const idempotencyKey = `order-${checkoutId}`;
  // Quick changes can answer out of order: only the latest change's answer is kept.
  const latestUpdate = useRef(0);
  const update = useCallback(
    async (body: RequestBody<'updateCheckout'>) => {
      const sequence = ++latestUpdate.current;
      const next = await unwrap(
        market.client.PUT('/flow-management/rest/v3/checkout-journey/{checkoutId}', {
          params: { path: { checkoutId } },
          body,
        }),
      );
      if (sequence === latestUpdate.current) queryClient.setQueryData(key, next);
      return next;
    },
    [market, queryClient, key, checkoutId],
  );

  const applyCoupon = useCallback((couponCode: string) => update({ coupon_code: couponCode }), [update]);
  const removeCoupon = useCallback(() => update({ coupon_code: null }), [update]);

  // A double click, or a retry while the first call is out, places one order: the same call is shared,
  // and the server answers a repeated Idempotency-Key with the first order.
  const placing = useRef<Promise<Schema<'CreatedOrder'>> | null>(null);
  const sendOrder = useCallback(async () => {
    const current = queryClient.getQueryData<Schema<'Checkout'>>(key);
    if (!current) throw new Error('The checkout is not loaded yet');
    if (current.address_details.billing_address_id === null) throw new Error('Choose a billing address');
    // Spec §5: a payment selection must satisfy the online and pay-on-delivery restrictions.
    if (steps.numberOfSteps === 3 && !payment.isPaymentSelectionSatisfied)
      throw new Error('Choose payment methods that this order allows');
    const order = await unwrap(
      market.client.POST('/ofs/rest/v3/orders', {
        params: { header: { 'Idempotency-Key': idempotencyKey } },
        body: {
          checkout_id: checkoutId,
          delivery_address_id: current.address_details.delivery_address_id,
          billing_address_id: current.address_details.billing_address_id,
          payment_method_ids: steps.numberOfSteps === 3 ? payment.payments.map((m) => m.id) : [],
        },
      }),
    );
    // The server empties the cart for orders with nothing left to pay; a paid one waits for its payment.
    // The journey itself is not asked again: the page moves on to the order (or its payment).
    await queryClient.invalidateQueries({ queryKey: market.keys.cart() });
    return order;
  }, [
    market,
    queryClient,
    key,
    checkoutId,
    steps.numberOfSteps,
    payment.payments,
    payment.isPaymentSelectionSatisfied,
    idempotencyKey,
  ]);
  const placeOrder = useCallback(() => {
    if (!placing.current)
      placing.current = sendOrder().finally(() => {
        placing.current = null;
      });
    return placing.current;
  }, [sendOrder]);

  const startPayment = useStartPayment();
  const pay = useCallback(
    async (orderId: number, paymentMethodId: number, returnUrl: string) => {
      const handOver = await startPayment(orderId, paymentMethodId, returnUrl);
      dispatchPayment({ type: 'config', config: handOver.config });
      return handOver;
    },
    [startPayment],
  );

  return {
    checkout: data ?? null,
    isLoading: checkout.isLoading,
    error: checkout.error,
    steps,
    paymentMethods: paymentTypes.data?.data ?? [],
    paymentMethodsLoading: paymentTypes.isLoading,
    paymentMethodsError: paymentTypes.error,
    reloadPaymentMethods: () => void paymentTypes.refetch(),
    payment,
    selectPayment: (method: Schema<'PaymentMethod'>) => dispatchPayment({ type: 'select', method }),
    removePayment: (methodId: number) => dispatchPayment({ type: 'remove', methodId }),
    update,
    applyCoupon,
    removeCoupon,
    placeOrder,
    startPayment: pay,
  };
}

/**
 * Gets the provider hand-over for an order (a new attempt for an order whose payment failed or was
 * left) and remembers which order to check on return (`payDone` 'false', `orderID`).
 */
export function useStartPayment() {
  const market = useMarket();
  return useCallback(
    async (orderId: number, paymentMethodId: number, returnUrl: string): Promise<PaymentHandOver> => {
      const config = await unwrap(
        market.client.POST('/ofs/rest/v3/payment-config', {
          body: { order_id: orderId, payment_method_id: paymentMethodId, return_url: returnUrl },
        }),
      );
      market.state.storage.set(STORAGE_KEYS.payDone, 'false');
      market.state.storage.set(STORAGE_KEYS.orderId, String(orderId));
      return { orderId, paymentMethodId, config };
    },
    [market],
  );
}

/**
 * Whether an order is paid, as the services host says (`check-order-status`; spec §5: only
 * 'Amount paid for that order' counts). Asked once per order and page; the stored payment flags go once
 * it is answered.
 */
export function useOrderPaymentCheck(orderId: number | null) {
  const market = useMarket();
  const query = useQuery({
    queryKey: market.keys.orderPayment(orderId ?? 0),
    queryFn: async () => {
      const answer = await unwrap(
        market.client.PUT('/cfs/rest/v3/check-order-status/{orderId}', {
          params: { path: { orderId: orderId ?? 0 } },
        }),
      );
      const storage = market.state.storage;
      if (storage.get(STORAGE_KEYS.orderId) === String(orderId)) {
        storage.remove(STORAGE_KEYS.payDone);
        storage.remove(STORAGE_KEYS.orderId);
      }
      const paid = isOrderPaid(answer.message);
      if (paid) await market.queryClient.invalidateQueries({ queryKey: market.keys.cart() });
      return { paid, message: answer.message };
    },
    enabled: orderId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  return {
    /** null until the services host has answered. */
    paid: query.data?.paid ?? null,
    isChecking: query.isLoading,
    error: query.error,
    recheck: () => query.refetch(),
  };
}
