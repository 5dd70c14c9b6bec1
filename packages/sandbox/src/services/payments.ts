import type { components } from '@marketkit/sdk';
import type { SandboxContext } from '../core/context.ts';
import { hmacSha256Hex, randomId, sha256Hex } from '../core/crypto.ts';
import type { OrderRecord, PaymentSessionRecord, SandboxState } from '../core/state.ts';
import type { SeedStore } from '../seed/model.ts';

type S<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The card gateway's request signature: SHA-256 over phrase + sorted `key=value` pairs + phrase. */
export async function gatewaySignature(phrase: string, fields: Record<string, string | number>) {
  const pairs = Object.keys(fields)
    .filter((key) => key !== 'signature' && key !== 'payment_gateway_url')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('');
  return sha256Hex(`${phrase}${pairs}${phrase}`);
}

export async function cardGatewayConfig(
  context: SandboxContext,
  store: SeedStore,
  order: OrderRecord,
  email: string,
  returnUrl: string,
): Promise<S<'CardGatewayPaymentConfig'>> {
  const attempt = context.state.payments.filter((p) => p.order_id === order.order_id).length + 1;
  const minor = Math.round(order.summary.total * (store.settings.store_currency?.number_to_basic ?? 100));
  const language = (context.language || 'en').slice(0, 2);
  const form: Omit<S<'GatewayFormPayload'>, 'signature'> = {
    command: 'PURCHASE',
    access_code: store.gateway.access_code,
    merchant_identifier: store.gateway.merchant_identifier,
    merchant_reference: `${order.order_number}-${attempt}`,
    amount: minor,
    currency: order.currency_code,
    language,
    customer_email: email,
    return_url: returnUrl,
    payment_gateway_url: `${context.origin}/__gateway/card/purchase`,
  };
  const signature = await gatewaySignature(store.gateway.request_phrase, form);
  recordSession(context, store, order, 'card_gateway', form.merchant_reference, minor, returnUrl);
  return {
    provider: 'card_gateway',
    gateway_form: { ...form, signature },
    allowed_gateway_origins: [context.origin],
  };
}

export async function secondProviderConfig(
  context: SandboxContext,
  store: SeedStore,
  order: OrderRecord,
  returnUrl: string,
): Promise<S<'SecondProviderPaymentConfig'>> {
  const sessionId = `ps_${randomId(18)}`;
  const minor = Math.round(order.summary.total * (store.settings.store_currency?.number_to_basic ?? 100));
  recordSession(context, store, order, 'second_provider', sessionId, minor, returnUrl);
  // The session id is signed so the hosted page can tell a real session from a guessed one.
  const tag = await sessionTag(store.gateway.request_phrase, sessionId);
  return {
    provider: 'second_provider',
    session_id: sessionId,
    checkout_url: `${context.origin}/__gateway/second/checkout?session_id=${sessionId}&tag=${tag}`,
    return_url: returnUrl,
  };
}

/** Short signature of a second-provider session id, so its hosted page can tell a real link from a guessed one. */
export async function sessionTag(phrase: string, sessionId: string) {
  return (await hmacSha256Hex(phrase, sessionId)).slice(0, 16);
}

function recordSession(
  context: SandboxContext,
  store: SeedStore,
  order: OrderRecord,
  provider: PaymentSessionRecord['provider'],
  reference: string,
  minor: number,
  returnUrl: string,
) {
  context.state.payments.push({
    reference,
    provider,
    store: store.name,
    order_id: order.order_id,
    customer_id: order.customer_id,
    amount_minor: minor,
    currency: order.currency_code,
    return_url: returnUrl,
    status: 'pending',
    created_at: context.now.toISOString(),
  });
}

/** Settles a payment the way a gateway's server-to-server notification would. */
export function settlePayment(
  state: SandboxState,
  session: PaymentSessionRecord,
  outcome: 'paid' | 'failed',
  now: Date,
) {
  if (session.status !== 'pending') return;
  session.status = outcome;
  const order = state.orders.find((o) => o.order_id === session.order_id);
  if (!order) return;
  const at = now.toISOString();
  if (outcome === 'paid') {
    order.payment_status = 'Completed';
    order.status_history.push({
      status: 'Completed',
      changed_at: at,
      note: `Paid online (${session.provider === 'card_gateway' ? 'card' : 'second provider'})`,
    });
    const lines = new Set(order.pending_cart_line_ids);
    state.cart = state.cart.filter((line) => !lines.has(line.id));
    order.pending_cart_line_ids = [];
  } else if (order.payment_status !== 'Completed') {
    order.payment_status = 'Failed';
    order.status_history.push({ status: 'Failed', changed_at: at, note: 'Payment failed or was cancelled' });
  }
}
