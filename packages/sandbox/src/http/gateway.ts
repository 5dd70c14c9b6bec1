import type { SeedIndex } from '../core/context.ts';
import { hmacSha256Hex, safeEqual, sha256Hex } from '../core/crypto.ts';
import type { PaymentSessionRecord, SandboxState } from '../core/state.ts';
import { gatewaySignature, sessionTag, settlePayment } from '../services/payments.ts';
import { escapeHtml, htmlPage } from './responses.ts';

export interface GatewayDeps {
  state: () => SandboxState;
  seed: SeedIndex;
  now: () => Date;
  /** Runs a change under the sandbox's lock and waits until it is saved. */
  change: <T>(work: () => T | Promise<T>) => Promise<T>;
  log: (line: string) => void;
}

async function formOf(request: Request) {
  const text = await request.text();
  return new URLSearchParams(text);
}

const money = (session: PaymentSessionRecord) =>
  `${session.currency} ${(session.amount_minor / 100).toFixed(2)}`;

function outcomeButtons(action: string, hidden: Record<string, string>) {
  const inputs = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form method="post" action="${escapeHtml(action)}">${inputs}<button class="pay" name="outcome" value="paid" type="submit">Pay now</button><button class="fail" name="outcome" value="failed" type="submit">Decline payment</button></form>`;
}

function redirect(location: string) {
  return new Response(null, {
    status: 303,
    headers: { Location: location, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
  });
}

const failure = (title: string, detail: string) =>
  htmlPage(
    400,
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p><p class="muted">Nothing was charged. Go back to the store and try again.</p>`,
  );

async function secondProviderSession(
  deps: GatewayDeps,
  sessionId: string,
  givenTag: string | null,
  title: string,
  detail: string,
) {
  const session = deps
    .state()
    .payments.find((p) => p.reference === sessionId && p.provider === 'second_provider');
  const store = session ? deps.seed.storeByName(session.store) : undefined;
  if (!session || !store) return failure('Unknown payment session', 'This payment session does not exist.');
  const tag = await sessionTag(store.gateway.request_phrase, sessionId);
  if (!safeEqual(tag, givenTag ?? '')) return failure(title, detail);
  return { session, store, tag };
}

/**
 * Settles a payment as the state holds it when the change runs (a failed save may have put back an
 * earlier state since the page read it), and gives its status.
 */
function settle(
  deps: GatewayDeps,
  reference: string,
  provider: PaymentSessionRecord['provider'],
  outcome: 'paid' | 'failed',
) {
  return deps.change(() => {
    const state = deps.state();
    const live = state.payments.find((p) => p.reference === reference && p.provider === provider);
    if (!live) return 'failed' as const;
    settlePayment(state, live, outcome, deps.now());
    return live.status;
  });
}

/** The sandbox's payment pages: a card gateway (signed form POST) and a second, hosted-page provider. */
export async function handleGateway(
  request: Request,
  url: URL,
  deps: GatewayDeps,
): Promise<Response | undefined> {
  const path = url.pathname;
  if (path === '/__gateway/card/purchase' && request.method === 'POST') {
    const form = await formOf(request);
    const fields: Record<string, string> = {};
    for (const [key, value] of form) fields[key] = value;
    const session = deps
      .state()
      .payments.find((p) => p.reference === fields.merchant_reference && p.provider === 'card_gateway');
    if (!session)
      return failure('Unknown payment', 'The gateway has no payment with this merchant reference.');
    const store = deps.seed.storeByName(session.store);
    if (!store) return failure('Unknown merchant', 'The merchant of this payment is not known.');
    const expected = await gatewaySignature(store.gateway.request_phrase, fields);
    if (!fields.signature || !safeEqual(expected, fields.signature)) {
      deps.log(`[sandbox] gateway refused ${session.reference}: signature mismatch`);
      return failure(
        'Signature mismatch',
        'The payment request was altered or signed with the wrong key, so the gateway refused it.',
      );
    }
    if (
      Number(fields.amount) !== session.amount_minor ||
      fields.currency !== session.currency ||
      fields.return_url !== session.return_url ||
      fields.command !== 'PURCHASE'
    ) {
      return failure(
        'Payment details changed',
        'The amount, currency or return address differ from what the store asked for.',
      );
    }
    if (session.status !== 'pending')
      return failure('Already processed', `This payment was already ${session.status}.`);
    const token = await hmacSha256Hex(store.gateway.response_phrase, session.reference);
    // The confirmation redirects to the store's return URL: the page's form-action must allow it.
    return htmlPage(
      200,
      'Sandbox card gateway',
      `<p class="badge">Sandbox · no real money</p><h1>Pay ${escapeHtml(store.display_name)}</h1><table>
<tr><th>Amount</th><td>${escapeHtml(money(session))}</td></tr><tr><th>Reference</th><td><code>${escapeHtml(session.reference)}</code></td></tr>
<tr><th>Customer</th><td>${escapeHtml(fields.customer_email ?? '')}</td></tr><tr><th>Card</th><td>4111 1111 1111 1111 · 12/30 (test card)</td></tr></table>
<p>The signature was verified. Choose what the bank says:</p>${outcomeButtons('/__gateway/card/complete', { merchant_reference: session.reference, token })}`,
      `'self' ${new URL(session.return_url).origin}`,
    );
  }

  if (path === '/__gateway/card/complete' && request.method === 'POST') {
    const form = await formOf(request);
    const reference = form.get('merchant_reference') ?? '';
    const outcome = form.get('outcome') === 'paid' ? 'paid' : 'failed';
    const session = deps
      .state()
      .payments.find((p) => p.reference === reference && p.provider === 'card_gateway');
    const store = session ? deps.seed.storeByName(session.store) : undefined;
    if (!session || !store)
      return failure('Unknown payment', 'The gateway has no payment with this reference.');
    if (!safeEqual(await hmacSha256Hex(store.gateway.response_phrase, reference), form.get('token') ?? ''))
      return failure('Not allowed', 'This confirmation did not come from the gateway page.');
    const status = await settle(deps, reference, 'card_gateway', outcome);
    deps.log(`[sandbox] card payment ${reference}: ${status}`);
    const back = new URL(session.return_url);
    const params: Record<string, string> = {
      command: 'PURCHASE',
      merchant_reference: reference,
      order_id: String(session.order_id),
      amount: String(session.amount_minor),
      currency: session.currency,
      status: status === 'paid' ? '14' : '13',
      response_code: status === 'paid' ? '14000' : '13006',
      response_message: status === 'paid' ? 'Success' : 'Transaction declined',
    };
    params.signature = await sha256Hex(
      `${store.gateway.response_phrase}${Object.keys(params)
        .sort()
        .map((k) => `${k}=${params[k]}`)
        .join('')}${store.gateway.response_phrase}`,
    );
    for (const [key, value] of Object.entries(params)) back.searchParams.set(key, value);
    return redirect(back.href);
  }

  if (path === '/__gateway/second/checkout' && request.method === 'GET') {
    const sessionId = url.searchParams.get('session_id') ?? '';
    const found = await secondProviderSession(
      deps,
      sessionId,
      url.searchParams.get('tag'),
      'Invalid payment link',
      'This payment link was altered.',
    );
    if (found instanceof Response) return found;
    const { session, store, tag } = found;
    if (session.status !== 'pending')
      return failure('Already processed', `This payment was already ${session.status}.`);
    return htmlPage(
      200,
      'Sandbox payments (second provider)',
      `<p class="badge">Sandbox · no real money</p><h1>${escapeHtml(store.display_name)}</h1><p>Pay <strong>${escapeHtml(money(session))}</strong> with UPI, a wallet or net banking.</p>${outcomeButtons('/__gateway/second/complete', { session_id: sessionId, tag })}`,
      `'self' ${new URL(session.return_url).origin}`,
    );
  }

  if (path === '/__gateway/second/complete' && request.method === 'POST') {
    const form = await formOf(request);
    const sessionId = form.get('session_id') ?? '';
    const found = await secondProviderSession(
      deps,
      sessionId,
      form.get('tag'),
      'Not allowed',
      'This confirmation did not come from the payment page.',
    );
    if (found instanceof Response) return found;
    const { session } = found;
    const outcome = form.get('outcome') === 'paid' ? 'paid' : 'failed';
    const status = await settle(deps, sessionId, 'second_provider', outcome);
    deps.log(`[sandbox] second-provider payment ${sessionId}: ${status}`);
    const back = new URL(session.return_url);
    back.searchParams.set('order_id', String(session.order_id));
    back.searchParams.set('session_id', sessionId);
    back.searchParams.set('payment_status', status === 'paid' ? 'PAID' : 'FAILED');
    return redirect(back.href);
  }
  return undefined;
}
