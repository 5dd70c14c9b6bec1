import { type MarketApiError, type RequestBody, ruleError, type Schema, unwrap } from '@marketkit/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import {
  type CheckoutSteps,
  checkoutSteps,
  initialPaymentSelection,
  isOrderPaid,
  type OrderRefusal,
  orderRefusal,
  type PaymentHandOver,
  type PaymentSelectionState,
  paymentSelectionReducer,
} from '../core/index.ts';
import { STORAGE_KEYS } from '../store/client-state.ts';
import { asMarketCall, refetchAfterWrite, useMarketQuery } from './market-query.ts';
import { useMarket } from './provider.tsx';

type Checkout = Schema<'Checkout'>;

/** Developer texts of `placeOrder`'s refusals (apps show their own text for the code). */
const REFUSALS: Readonly<Record<OrderRefusal, string>> = {
  CHECKOUT_NOT_LOADED: 'The checkout is not loaded yet',
  BILLING_ADDRESS_REQUIRED: 'The checkout has no billing address: update it with billing_address_id first',
  SHIPPING_ADDRESS_REQUIRED:
    'The checkout delivers items but has no delivery address: update it with delivery_address_id first',
  PAYMENT_METHOD_UNAVAILABLE:
    'The payment selection does not satisfy the order (payment.restrictions): select other methods',
};

/**
 * What `useCheckout(checkoutId)` returns: the journey, its steps, the payment selection and the calls
 * that move it on. A checkout is walked in this order:
 *
 * 1. **Addresses.** `update({ delivery_address_id, billing_address_id })` with ids from
 *    `useAddresses()`: a billing address always, a delivery address when
 *    `checkout.address_details.delivery_required`. A shopper with no address creates one first
 *    (`useAddresses().create`). `checkoutBlockers(checkout)` (`@marketkit/hooks/core`) lists what is
 *    still missing.
 * 2. **Steps.** `steps.numberOfSteps` is 3 (address, review, payment), 2 when nothing is to be paid
 *    (free items, or a coupon that makes the order free) or 0 when every item is a request (submitted,
 *    not paid).
 * 3. **Payment selection** (3 steps only): `selectPayment(method)` from `paymentMethods` until
 *    `payment.isPaymentSelectionSatisfied`: the shopper pays one way the order's `payment.restrictions`
 *    allow, one gateway (online) or cash on delivery; choosing one clears the other.
 * 4. **`placeOrder()`**: one order per journey, however often it is called.
 * 5. **Hand-over**: an order whose `next_action` is not `none` is paid with its provider:
 *    `startPayment(order.order_id, gatewayMethodId, returnUrl)` gives the provider's `config` to send
 *    the shopper on with; back at `returnUrl`, `useOrderPaymentCheck(orderId)` says whether it was paid.
 */
export interface UseCheckoutResult {
  /** The journey as the server has it (items, addresses, coupon, totals, restrictions), or null. */
  checkout: Checkout | null;
  /** The journey's first read is under way. */
  isLoading: boolean;
  /** Why the journey could not be read, else null. */
  error: MarketApiError | null;
  /** How many steps this checkout has (3, 2 or 0; see above). */
  steps: CheckoutSteps;
  /** The payment methods of this checkout (empty until loaded). */
  paymentMethods: Schema<'PaymentMethod'>[];
  /** The payment methods' first read is under way. */
  paymentMethodsLoading: boolean;
  /** Why the payment methods could not be read, else null. */
  paymentMethodsError: MarketApiError | null;
  /** Asks for the payment methods again (after a failure). */
  reloadPaymentMethods(): void;
  /** The chosen payment methods, the order's restrictions, and whether the choice satisfies them. */
  payment: PaymentSelectionState;
  /** Chooses a method: a gateway replaces any other gateway; cash on delivery is added. */
  selectPayment(method: Schema<'PaymentMethod'>): void;
  /** Takes a chosen method out of the selection. */
  removePayment(methodId: number): void;
  /**
   * Changes the journey (addresses, coupon) and shows the server's answer; when changes overlap, the
   * latest one's answer is kept. Rejects with the server's `MarketApiError` (e.g. an expired coupon).
   */
  update(body: RequestBody<'updateCheckout'>): Promise<Checkout>;
  /** Applies a coupon code to the journey (`update({ coupon_code })`). */
  applyCoupon(couponCode: string): Promise<Checkout>;
  /** Removes the journey's coupon. */
  removeCoupon(): Promise<Checkout>;
  /**
   * Places the order. Refused before any request, with a `rule` `MarketApiError` whose `code` says
   * what is missing: `CHECKOUT_NOT_LOADED`, `BILLING_ADDRESS_REQUIRED`, `SHIPPING_ADDRESS_REQUIRED`
   * or `PAYMENT_METHOD_UNAVAILABLE` (see `orderRefusal` in the core). One order per journey: a double
   * click, or a retry, gets the same order (`Idempotency-Key: order-{checkoutId}`). The cart is read
   * again afterwards (the server empties it of what was ordered).
   */
  placeOrder(): Promise<Schema<'CreatedOrder'>>;
  /**
   * Hands a placed order to its payment provider (see `useStartPayment`) and keeps the provider's
   * configuration in `payment.paymentConfig`.
   */
  startPayment(orderId: number, paymentMethodId: number, returnUrl: string): Promise<PaymentHandOver>;
}

/** A checkout journey: its state, steps, payment selection, and placing the order. */
export function useCheckout(checkoutId: string): UseCheckoutResult {
  const market = useMarket();
  const queryClient = useQueryClient();
  const key = useMemo(() => market.keys.checkout(checkoutId), [market, checkoutId]);
  const checkout = useMarketQuery({
    queryKey: key,
    queryFn: () =>
      unwrap(
        market.client.GET('/flow-management/rest/v3/checkout-journey/{checkoutId}', {
          params: { path: { checkoutId } },
        }),
      ),
  });
  const paymentTypes = useMarketQuery({
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
    (body: RequestBody<'updateCheckout'>) =>
      asMarketCall(async () => {
        const sequence = ++latestUpdate.current;
        const next = await unwrap(
          market.client.PUT('/flow-management/rest/v3/checkout-journey/{checkoutId}', {
            params: { path: { checkoutId } },
            body,
          }),
        );
        if (sequence === latestUpdate.current) queryClient.setQueryData(key, next);
        return next;
      }),
    [market, queryClient, key, checkoutId],
  );

  const applyCoupon = useCallback((couponCode: string) => update({ coupon_code: couponCode }), [update]);
  const removeCoupon = useCallback(() => update({ coupon_code: null }), [update]);

  // A double click, or a retry while the first call is out, places one order: the same call is shared,
  // and the server answers a repeated Idempotency-Key with the first order.
  const placing = useRef<Promise<Schema<'CreatedOrder'>> | null>(null);
  const sendOrder = useCallback(async () => {
    const current = queryClient.getQueryData<Checkout>(key);
    const refusal = orderRefusal(current, steps, payment.isPaymentSelectionSatisfied);
    // Without a refusal, both are there (`orderRefusal` checks them): this only tells TypeScript so.
    const billing = current?.address_details.billing_address_id;
    if (refusal || !current || billing == null) {
      const code = refusal ?? 'CHECKOUT_NOT_LOADED';
      throw ruleError(code, REFUSALS[code], {
        checkoutId,
        ...(code === 'PAYMENT_METHOD_UNAVAILABLE' ? { restrictions: payment.restrictions } : {}),
      });
    }
    const order = await unwrap(
      market.client.POST('/ofs/rest/v3/orders', {
        params: { header: { 'Idempotency-Key': idempotencyKey } },
        body: {
          checkout_id: checkoutId,
          delivery_address_id: current.address_details.delivery_address_id,
          billing_address_id: billing,
          payment_method_ids: steps.numberOfSteps === 3 ? payment.payments.map((m) => m.id) : [],
        },
      }),
    );
    // The server empties the cart for orders with nothing left to pay; a paid one waits for its payment.
    // The journey itself is not asked again: the page moves on to the order (or its payment).
    await refetchAfterWrite(queryClient, market.keys.cart());
    return order;
  }, [market, queryClient, key, checkoutId, steps, payment, idempotencyKey]);
  const placeOrder = useCallback(() => {
    if (!placing.current)
      placing.current = asMarketCall(sendOrder).finally(() => {
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

  const { refetch: refetchPaymentMethods } = paymentTypes;
  return {
    checkout: data ?? null,
    isLoading: checkout.isLoading,
    error: checkout.error,
    steps,
    paymentMethods: paymentTypes.data?.data ?? [],
    paymentMethodsLoading: paymentTypes.isLoading,
    paymentMethodsError: paymentTypes.error,
    reloadPaymentMethods: () => void refetchPaymentMethods(),
    payment,
    selectPayment: (method) => dispatchPayment({ type: 'select', method }),
    removePayment: (methodId) => dispatchPayment({ type: 'remove', methodId }),
    update,
    applyCoupon,
    removeCoupon,
    placeOrder,
    startPayment: pay,
  };
}

/**
 * What `useStartPayment()` returns: hands an order to its payment provider. Resolves with the
 * provider's configuration (`config`: a card gateway's form, or the second provider's session) and
 * remembers the order for the payment return check (`payDone` 'false', `orderID`); rejects with the
 * server's `MarketApiError`.
 */
export type UseStartPaymentResult = (
  orderId: number,
  paymentMethodId: number,
  returnUrl: string,
) => Promise<PaymentHandOver>;

/**
 * Gets the provider hand-over for an order (a new attempt for an order whose payment failed or was
 * left) and remembers which order to check on return (`payDone` 'false', `orderID`).
 */
export function useStartPayment(): UseStartPaymentResult {
  const market = useMarket();
  return useCallback(
    (orderId, paymentMethodId, returnUrl) =>
      asMarketCall(async () => {
        const config = await unwrap(
          market.client.POST('/ofs/rest/v3/payment-config', {
            body: { order_id: orderId, payment_method_id: paymentMethodId, return_url: returnUrl },
          }),
        );
        market.state.storage.set(STORAGE_KEYS.payDone, 'false');
        market.state.storage.set(STORAGE_KEYS.orderId, String(orderId));
        return { orderId, paymentMethodId, config };
      }),
    [market],
  );
}

/** What `useOrderPaymentCheck(orderId)` returns. */
export interface UseOrderPaymentCheckResult {
  /** Whether the order is paid, as the services host says; null until it has answered. */
  paid: boolean | null;
  /** The check is under way. */
  isChecking: boolean;
  /** Why the check failed, else null. */
  error: MarketApiError | null;
  /** Asks again. */
  recheck(): void;
}

/**
 * Whether an order is paid, as the services host says (`check-order-status`: only
 * 'Amount paid for that order' counts). Asked once per order and page; the stored payment flags go once
 * it is answered.
 */
export function useOrderPaymentCheck(orderId: number | null): UseOrderPaymentCheckResult {
  const market = useMarket();
  const query = useMarketQuery({
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
      if (paid) await refetchAfterWrite(market.queryClient, market.keys.cart());
      return { paid, message: answer.message };
    },
    enabled: orderId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const { refetch } = query;
  return {
    paid: query.data?.paid ?? null,
    isChecking: query.isLoading,
    error: query.error,
    recheck: () => void refetch(),
  };
}
