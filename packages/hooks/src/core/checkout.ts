import type { Schema } from '@marketkit/sdk';

/** How many steps a checkout has, and which it starts on (see `checkoutSteps`). */
export interface CheckoutSteps {
  /** 3 (address, review, payment), 2 (nothing to pay) or 0 (every item a request). */
  numberOfSteps: number;
  /** The step a checkout starts on (1; 0 without steps). */
  activeStep: number;
  /** True when the payment selection must be cleared (nothing is paid at checkout). */
  clearPayment: boolean;
}

/**
 * 3 by default (active 1); 2 when every item is free or a coupon makes the
 * order free; 0 (active 0, payment cleared) when every item is request-based.
 */
export function checkoutSteps(
  items: readonly Pick<Schema<'CheckoutItem'>, 'item_type' | 'order_flow'>[],
  couponMakesOrderFree = false,
): CheckoutSteps {
  if (items.length > 0 && items.every((item) => item.order_flow === 'request_based'))
    return { numberOfSteps: 0, activeStep: 0, clearPayment: true };
  if (couponMakesOrderFree || (items.length > 0 && items.every((item) => item.item_type === 'free_item')))
    return { numberOfSteps: 2, activeStep: 1, clearPayment: false };
  return { numberOfSteps: 3, activeStep: 1, clearPayment: false };
}

type PaymentMethod = Schema<'PaymentMethod'>;
type Restrictions = Schema<'PaymentTypeRestrictions'>;

/**
 * The shopper's choice of payment methods for an order, against what the order allows: the shopper
 * pays one way, online through one gateway or on delivery.
 */
export interface PaymentSelectionState {
  /** The chosen methods: one gateway or cash on delivery (never both), and other non-gateway methods. */
  payments: PaymentMethod[];
  /** The provider's hand-over once an order's payment has started, else null. */
  paymentConfig: Schema<'PaymentConfig'> | null;
  /** What the order allows: online payment, pay on delivery, or both. */
  restrictions: Restrictions;
  /** Whether the chosen methods pay the order one way it allows (placeOrder needs it with 3 steps). */
  isPaymentSelectionSatisfied: boolean;
}

/** A change to the payment selection (see `paymentSelectionReducer`). */
export type PaymentSelectionEvent =
  | { type: 'select'; method: PaymentMethod }
  | { type: 'remove'; methodId: number }
  | { type: 'clear' }
  | { type: 'restrictions'; restrictions: Restrictions }
  | { type: 'config'; config: Schema<'PaymentConfig'> | null };

const isCashOnDelivery = (method: PaymentMethod) => method.payment_type === 'COD';

/**
 * True when no kind of payment (online, on delivery) is allowed for every item of the order together
 * (a service paid on delivery only with a phone paid online only): no selection can pay it.
 */
export const paymentUnavailable = (restrictions: Restrictions) =>
  !restrictions.online_payment && !restrictions.pay_on_delivery;

/**
 * Satisfied by one way of paying that the order allows: a gateway alone (`online_payment`) or cash on
 * delivery alone (`pay_on_delivery`); never both, never neither, and never when nothing may pay the
 * order (`paymentUnavailable`). Other non-gateway methods are paid on delivery too, so they need
 * `pay_on_delivery` (the server refuses them otherwise).
 */
export function isPaymentSelectionSatisfied(
  payments: readonly PaymentMethod[],
  restrictions: Restrictions,
): boolean {
  if (paymentUnavailable(restrictions)) return false;
  const hasGateway = payments.some((method) => method.is_payment_gateway);
  const hasCashOnDelivery = payments.some(isCashOnDelivery);
  if (hasGateway === hasCashOnDelivery) return false;
  if (hasGateway && !restrictions.online_payment) return false;
  return restrictions.pay_on_delivery || payments.every((method) => method.is_payment_gateway);
}

/** A payment selection with nothing chosen yet, for these restrictions. */
export const initialPaymentSelection = (
  restrictions: Restrictions = { online_payment: false, pay_on_delivery: false },
): PaymentSelectionState => ({
  payments: [],
  paymentConfig: null,
  restrictions,
  isPaymentSelectionSatisfied: isPaymentSelectionSatisfied([], restrictions),
});

/**
 * Payment selection: choosing a gateway replaces any previous gateway and clears cash on
 * delivery; choosing cash on delivery clears the gateway; other methods accumulate without duplicates;
 * any change clears `paymentConfig`.
 */
export function paymentSelectionReducer(
  state: PaymentSelectionState,
  event: PaymentSelectionEvent,
): PaymentSelectionState {
  let payments = state.payments;
  let restrictions = state.restrictions;
  switch (event.type) {
    case 'select': {
      const method = event.method;
      // The shopper pays one way: a gateway and cash on delivery exclude each other.
      const kept = method.is_payment_gateway
        ? state.payments.filter((m) => !m.is_payment_gateway && !isCashOnDelivery(m))
        : isCashOnDelivery(method)
          ? state.payments.filter((m) => !m.is_payment_gateway)
          : state.payments;
      payments = kept.some((m) => m.id === method.id) ? kept : [...kept, method];
      break;
    }
    case 'remove':
      payments = state.payments.filter((m) => m.id !== event.methodId);
      break;
    case 'clear':
      payments = [];
      break;
    case 'restrictions':
      restrictions = event.restrictions;
      return {
        ...state,
        restrictions,
        isPaymentSelectionSatisfied: isPaymentSelectionSatisfied(payments, restrictions),
      };
    case 'config':
      return { ...state, paymentConfig: event.config };
    default:
      event satisfies never;
      return state;
  }
  return {
    payments,
    paymentConfig: null,
    restrictions,
    isPaymentSelectionSatisfied: isPaymentSelectionSatisfied(payments, restrictions),
  };
}

/**
 * Why an order cannot be placed yet, as the `MarketErrorCode` `placeOrder` refuses it with (its rule
 * errors are `MarketApiError`s of kind `rule`).
 */
export type OrderRefusal =
  | 'CHECKOUT_NOT_LOADED'
  | 'BILLING_ADDRESS_REQUIRED'
  | 'SHIPPING_ADDRESS_REQUIRED'
  | 'PAYMENT_METHOD_UNAVAILABLE';

/**
 * What still stops an order, checked in the order a checkout is walked: the journey is
 * loaded; it has a billing address, and a delivery address when something is delivered; with a
 * payment step (3 steps), the payment selection satisfies the order's restrictions. Null: it may be
 * placed.
 */
export function orderRefusal(
  checkout: Pick<Schema<'Checkout'>, 'address_details'> | null | undefined,
  steps: Pick<CheckoutSteps, 'numberOfSteps'>,
  isPaymentSelectionSatisfied: boolean,
): OrderRefusal | null {
  if (!checkout) return 'CHECKOUT_NOT_LOADED';
  const addresses = checkout.address_details;
  if (addresses.billing_address_id === null) return 'BILLING_ADDRESS_REQUIRED';
  if (addresses.delivery_required && addresses.delivery_address_id === null)
    return 'SHIPPING_ADDRESS_REQUIRED';
  if (steps.numberOfSteps === 3 && !isPaymentSelectionSatisfied) return 'PAYMENT_METHOD_UNAVAILABLE';
  return null;
}

/** The message `check-order-status` gives for a paid order. */
export const PAID_MESSAGE = 'Amount paid for that order';

/** Whether `check-order-status` says the order is paid (only its exact words count). */
export const isOrderPaid = (message: string | null | undefined) => message === PAID_MESSAGE;

const PAYMENT_ROUTES = ['/checkout', '/payment', '/cashfree', '/order-status', '/amazonPayment'];

/** What the payment return check does on a route (see `paymentReturnAction`). */
export type PaymentReturnAction =
  | { kind: 'none' }
  | { kind: 'clear-flags' }
  | { kind: 'check-order'; orderId: number };

/**
 * The payment return check, outside the payment routes: `payDone` 'true' → clear the flags;
 * 'false' → check the stored order. `payDone` is a hint, never proof of payment.
 */
export function paymentReturnAction(
  pathname: string,
  payDone: string | null,
  orderId: string | null,
): PaymentReturnAction {
  if (PAYMENT_ROUTES.some((route) => pathname === route || pathname.startsWith(`${route}/`)))
    return { kind: 'none' };
  if (payDone === 'true') return { kind: 'clear-flags' };
  if (payDone === 'false') {
    const id = Number(orderId);
    return Number.isInteger(id) && id > 0 ? { kind: 'check-order', orderId: id } : { kind: 'clear-flags' };
  }
  return { kind: 'none' };
}
