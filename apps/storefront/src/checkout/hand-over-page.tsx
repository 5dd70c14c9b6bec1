import { type HandOverRefusal, type PaymentHandOver, readPaymentHandOver } from '@marketkit/hooks/core';
import { ErrorState, Spinner } from '@marketkit/ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRuntimeConfig } from '../app/root-data.ts';
import { orderStatusPath } from './hand-over.ts';

const POSTED_KEY = 'marketkit_payment_handed_over';
let postedInMemory = '';

/** Whether this hand-over already left for the provider (session storage, else this page's memory). */
function alreadyHandedOver(id: string) {
  try {
    return sessionStorage.getItem(POSTED_KEY) === id || postedInMemory === id;
  } catch {
    return postedInMemory === id;
  }
}
function markHandedOver(id: string) {
  postedInMemory = id;
  try {
    sessionStorage.setItem(POSTED_KEY, id);
  } catch {
    // Storage off: the page's memory still stops a second post while it lives.
  }
}

/** The navigation state of the current history entry (what the app passed with `navigate`). */
export function navigationState(): unknown {
  const state: unknown = history.state;
  return state && typeof state === 'object' && 'usr' in state ? state.usr : null;
}

type Refusal = HandOverRefusal | 'framed';

/**
 * A payment hand-over route: reads the hand-over from navigation state (none → `/`), checks it with
 * `plan` against this deployment's payment origins, and leaves for the provider once. Coming back to
 * this entry (Back from the provider, or a restored page) goes to the order's status instead of paying
 * again.
 */
export function HandOverPage<Plan extends { ok: true } | { ok: false; reason: HandOverRefusal }>({
  plan,
  idOf,
  leave,
}: {
  plan: (config: unknown, trusted: readonly string[]) => Plan;
  /** One id per payment attempt. */
  idOf: (handOver: PaymentHandOver) => string;
  leave: (plan: Extract<Plan, { ok: true }>) => void;
}): ReactNode {
  const { t } = useTranslation(['cart', 'common']);
  const config = useRuntimeConfig();
  const navigate = useNavigate();
  // Decided once, on the first render: the hand-over, its check, and whether it already left.
  const [start] = useState(() => {
    const handOver = readPaymentHandOver(navigationState());
    if (!handOver) return null;
    const id = idOf(handOver);
    const checked = plan(handOver.config, config.paymentOrigins);
    // Never from inside a frame: a payment page belongs to the top window.
    const refusal: Refusal | null =
      window.top !== window.self
        ? 'framed'
        : checked.ok
          ? null
          : (checked as { reason: HandOverRefusal }).reason;
    return { handOver, id, checked, refusal, already: alreadyHandedOver(id) };
  });
  const leaveRef = useRef(leave);
  leaveRef.current = leave;
  const left = useRef(false);
  useEffect(() => {
    if (!start) {
      void navigate('/', { replace: true });
      return;
    }
    const toOrder = () => void navigate(orderStatusPath(start.handOver.orderId), { replace: true });
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      for (const form of document.querySelectorAll('form[data-payment-hand-over]')) form.remove();
      toOrder();
    };
    addEventListener('pageshow', restored);
    if (start.already) toOrder();
    else if (start.refusal === null && !left.current) {
      left.current = true;
      markHandedOver(start.id);
      leaveRef.current(start.checked as Extract<Plan, { ok: true }>);
    }
    return () => removeEventListener('pageshow', restored);
  }, [start, navigate]);

  if (!start) return null;
  if (start.refusal)
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <h1 className="font-bold text-2xl">{t('payment.title')}</h1>
        <ErrorState
          title={t(
            start.refusal === 'framed'
              ? 'payment.framed'
              : start.refusal === 'not-allowed'
                ? 'payment.not_allowed'
                : 'payment.malformed',
          )}
          description={t('payment.nothing_charged')}
          action={
            <Link to={orderStatusPath(start.handOver.orderId)} className="underline underline-offset-4">
              {t('payment.see_order')}
            </Link>
          }
        />
      </div>
    );
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="font-bold text-2xl">{t('payment.title')}</h1>
      <Spinner label={t('payment.redirecting')} />
      <p>{t('payment.redirecting')}</p>
    </div>
  );
}
