import type { Schema } from '@marketkit/sdk';

/**
 * Payment hand-over rules: where the browser may be sent to pay, and which order a return concerns.
 * The browser's return is a hint; only the services host says an order is paid.
 */

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A payment page may be https anywhere, or http on a loopback host (the sandbox). */
export function isPaymentPageUrl(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return url;
  return null;
}

export type HandOverRefusal = 'malformed' | 'not-allowed';

export type GatewayFormPlan =
  | { ok: true; action: string; fields: [name: string, value: string][] }
  | { ok: false; reason: HandOverRefusal };

/** The origins of a list of payment page URLs or origins (anything else is dropped). */
export function paymentOrigins(values: readonly unknown[]): Set<string> {
  return new Set(
    values
      .map((value) => (typeof value === 'string' ? isPaymentPageUrl(value) : null))
      .filter((url): url is URL => url !== null)
      .map((url) => url.origin),
  );
}

/**
 * The card gateway form to post (the gateway's payload): every field but `payment_gateway_url`, which is the
 * action. Refused unless the action is a payment page whose origin the payment configuration allows
 * and, when the storefront has its own list (`trusted`, from its deployment, not from the server's
 * answer), that list allows too: a forged or tampered configuration cannot name its own gateway.
 */
export function gatewayFormPlan(config: unknown, trusted: readonly string[] = []): GatewayFormPlan {
  if (!config || typeof config !== 'object') return { ok: false, reason: 'malformed' };
  const {
    provider,
    gateway_form: form,
    allowed_gateway_origins: allowed,
  } = config as Partial<Schema<'CardGatewayPaymentConfig'>>;
  if (provider !== 'card_gateway' || !form || typeof form !== 'object' || !Array.isArray(allowed))
    return { ok: false, reason: 'malformed' };
  if (typeof form.payment_gateway_url !== 'string' || form.command !== 'PURCHASE')
    return { ok: false, reason: 'malformed' };
  const action = isPaymentPageUrl(form.payment_gateway_url);
  if (!action) return { ok: false, reason: 'not-allowed' };
  if (!paymentOrigins(allowed).has(action.origin)) return { ok: false, reason: 'not-allowed' };
  if (trusted.length > 0 && !paymentOrigins(trusted).has(action.origin))
    return { ok: false, reason: 'not-allowed' };
  const fields: [string, string][] = [];
  for (const [name, value] of Object.entries(form)) {
    if (name === 'payment_gateway_url') continue;
    if (typeof value !== 'string' && typeof value !== 'number') return { ok: false, reason: 'malformed' };
    fields.push([name, String(value)]);
  }
  return { ok: true, action: action.href, fields };
}

export type SecondProviderPlan = { ok: true; url: string } | { ok: false; reason: HandOverRefusal };

/**
 * The second provider's hosted page: only a payment page URL (https, or loopback for the sandbox) and,
 * when the storefront has its own list of payment origins, one of those.
 */
export function secondProviderPlan(config: unknown, trusted: readonly string[] = []): SecondProviderPlan {
  if (!config || typeof config !== 'object') return { ok: false, reason: 'malformed' };
  const { provider, checkout_url: checkoutUrl } = config as Partial<Schema<'SecondProviderPaymentConfig'>>;
  if (provider !== 'second_provider' || typeof checkoutUrl !== 'string')
    return { ok: false, reason: 'malformed' };
  const url = isPaymentPageUrl(checkoutUrl);
  if (!url || (trusted.length > 0 && !paymentOrigins(trusted).has(url.origin)))
    return { ok: false, reason: 'not-allowed' };
  return { ok: true, url: url.href };
}

/** What the storefront hands to a payment route in navigation state. */
export interface PaymentHandOver {
  orderId: number;
  paymentMethodId: number;
  config: Schema<'PaymentConfig'>;
}

/** Reads a hand-over from navigation state, or null when there is none (then go to /). */
export function readPaymentHandOver(state: unknown): PaymentHandOver | null {
  if (!state || typeof state !== 'object') return null;
  const { orderId, paymentMethodId, config } = state as Partial<PaymentHandOver>;
  if (!isOrderId(orderId) || !isOrderId(paymentMethodId) || !config || typeof config !== 'object')
    return null;
  return { orderId, paymentMethodId, config };
}

const isOrderId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** A positive order id from text (a query parameter or a stored flag), else null. */
export function parseOrderId(value: string | null | undefined): number | null {
  if (!value || !/^[0-9]{1,15}$/.test(value)) return null;
  const id = Number(value);
  return isOrderId(id) ? id : null;
}

/**
 * The order a payment return is about: the `orderId` the storefront put in its return URL, else the
 * stored `orderID` flag. Nothing else in the return query (status codes, `payDone`) is read.
 */
export function returnedOrderId(search: string, storedOrderId: string | null): number | null {
  const params = new URLSearchParams(search);
  return parseOrderId(params.get('orderId') ?? params.get('order_id')) ?? parseOrderId(storedOrderId);
}

/** Which provider takes a payment method's payments: its `provider`, else its `payment_type`; null for none. */
export function providerOf(
  method: Pick<Schema<'PaymentMethod'>, 'is_payment_gateway' | 'payment_type' | 'provider'>,
): Schema<'PaymentConfig'>['provider'] | null {
  if (!method.is_payment_gateway) return null;
  if (method.provider === 'card_gateway' || method.provider === 'second_provider') return method.provider;
  return method.payment_type === 'CASHFREE' ? 'second_provider' : 'card_gateway';
}

/** The route that hands an order over to its provider. */
export const handOverRoute = (provider: Schema<'PaymentConfig'>['provider']) =>
  provider === 'card_gateway' ? '/amazonPayment' : '/payment';
