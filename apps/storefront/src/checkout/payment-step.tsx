import type { UseCheckoutResult } from '@marketkit/hooks';
import { paymentUnavailable } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { Button, ErrorState, Skeleton, Spinner, toast } from '@marketkit/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { failureMessage } from '../common/failure.ts';
import { orderStatusPath, usePayOrder } from './hand-over.ts';

type Flow = UseCheckoutResult;

/** What the order's restrictions ask the shopper to choose. */
function hintOf(restrictions: Schema<'PaymentTypeRestrictions'>) {
  if (paymentUnavailable(restrictions)) return 'journey.pay_none';
  if (restrictions.online_payment && restrictions.pay_on_delivery) return 'journey.pay_both';
  if (restrictions.online_payment) return 'journey.pay_online';
  return 'journey.pay_on_delivery';
}

/**
 * Step 3: payment methods. The shopper pays one way: a gateway replaces another gateway and cash on
 * delivery, cash on delivery clears the gateway; Pay stays disabled until the selection is one way the
 * order allows, and a double click places one order.
 */
export function PaymentStep({ flow }: { flow: Flow }) {
  const { t } = useTranslation(['cart', 'order', 'common']);
  const [busy, setBusy] = useState(false);
  const payOrder = usePayOrder();
  const navigate = useNavigate();
  const { payment, paymentMethods } = flow;
  const chosen = (method: Schema<'PaymentMethod'>) => payment.payments.some((m) => m.id === method.id);
  const toggle = (method: Schema<'PaymentMethod'>) =>
    chosen(method) ? flow.removePayment(method.id) : flow.selectPayment(method);

  const pay = async () => {
    setBusy(true);
    let order: Awaited<ReturnType<Flow['placeOrder']>>;
    try {
      order = await flow.placeOrder();
    } catch (error) {
      toast.error(failureMessage(error, t('journey.place_failed'), t));
      setBusy(false);
      return;
    }
    const gateway = payment.payments.find((method) => method.is_payment_gateway);
    if (order.next_action === 'none' || !gateway) {
      // Cash on delivery: the order stands once the server has it.
      toast.success(t('order placed success'));
      navigate(orderStatusPath(order.order_id), { replace: true });
      return;
    }
    try {
      await payOrder(order.order_id, gateway.id, order.next_action);
    } catch (error) {
      // The order exists: its page offers to pay again.
      toast.error(failureMessage(error, t('status_page.retry_failed'), t));
      navigate(orderStatusPath(order.order_id), { replace: true });
    }
  };

  const restrictions = payment.restrictions;
  return (
    <section
      aria-labelledby="checkout-payment"
      className="flex flex-col gap-3 rounded-lg border border-current/15 p-4"
    >
      <h2 id="checkout-payment" tabIndex={-1} className="font-semibold text-lg outline-none">
        {t('journey.step_payment')}
      </h2>
      <p className="text-sm" id="payment-hint">
        {t(hintOf(restrictions))}
      </p>
      {flow.paymentMethodsLoading ? <Skeleton className="h-16 w-full" /> : null}
      <fieldset className="flex flex-col gap-2" aria-describedby="payment-hint">
        <legend className="sr-only">{t('journey.payment_methods')}</legend>
        {paymentMethods.map((method) => {
          const allowed = method.is_payment_gateway
            ? restrictions.online_payment
            : restrictions.pay_on_delivery;
          return (
            <label
              key={method.id}
              className={`flex items-center gap-3 rounded-md border p-3 ${chosen(method) ? 'border-current' : 'border-current/15'} ${allowed ? '' : 'opacity-60'}`}
            >
              <input
                type={method.is_payment_gateway ? 'radio' : 'checkbox'}
                name={method.is_payment_gateway ? 'gateway' : `method-${method.id}`}
                checked={chosen(method)}
                disabled={!allowed || busy}
                onChange={() => toggle(method)}
                onClick={() => {
                  // A chosen gateway radio can be un-chosen by clicking it again.
                  if (method.is_payment_gateway && chosen(method)) flow.removePayment(method.id);
                }}
              />
              <span>
                {method.display_name}
                {allowed ? null : <span className="block text-xs">{t('journey.not_allowed')}</span>}
              </span>
            </label>
          );
        })}
      </fieldset>
      {flow.paymentMethodsError ? (
        <ErrorState
          title={t('journey.methods_failed')}
          retryLabel={t('retry')}
          onRetry={flow.reloadPaymentMethods}
        />
      ) : paymentMethods.length === 0 && !flow.paymentMethodsLoading ? (
        <ErrorState title={t('journey.no_methods')} />
      ) : null}
      <Button
        className="self-start"
        disabled={!payment.isPaymentSelectionSatisfied || busy}
        // Why it waits (what to choose, or that nothing can pay these items together) is the hint.
        aria-describedby={payment.isPaymentSelectionSatisfied ? undefined : 'payment-hint'}
        onClick={() => void pay()}
        data-testid="pay"
      >
        {busy ? <Spinner size={20} label={t('loading')} /> : null}
        {t('journey.pay')}
      </Button>
    </section>
  );
}
