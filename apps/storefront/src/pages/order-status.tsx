import { STORAGE_KEYS, useMarket, useOrder, useOrderPaymentCheck } from '@marketkit/hooks';
import { providerOf, returnedOrderId } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { Button, EmptyState, ErrorState, Spinner, toast } from '@marketkit/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePayOrder } from '../checkout/hand-over.ts';
import { failureMessage } from '../common/failure.ts';
import type { RouteHandle } from '../i18n/namespaces.ts';
import { OrderDetails } from '../orders/order-details.tsx';

export const handle: RouteHandle = { i18n: ['order', 'cart'] };

type Outcome = 'paid' | 'unpaid' | 'cod' | 'free' | 'request' | 'cancelled';

/** What the order page says, from the server's order and (for online payments) its payment check. */
function outcomeOf(order: Schema<'OrderDetail'>, paid: boolean | null, checkFailed: boolean): Outcome | null {
  if (order.is_request) return 'request';
  const gateway = order.payment_methods.some((method) => method.is_payment_gateway);
  if (gateway) {
    if (paid === true) return 'paid';
    if (paid === false || checkFailed) return order.order_status === 'Cancelled' ? 'cancelled' : 'unpaid';
    return null;
  }
  if (order.order_status === 'Cancelled') return 'cancelled';
  return order.payment_methods.length > 0 ? 'cod' : 'free';
}

/**
 * Order status (`/order-status`, signed-in): the order a payment came back for (`orderId` in the return
 * URL, else the stored `orderID`). An online payment counts as paid only when `check-order-status`
 * says 'Amount paid for that order'; `payDone` and the provider's return query are never proof.
 */
export default function OrderStatus() {
  const { t } = useTranslation(['order', 'cart', 'common']);
  const market = useMarket();
  const search = useLocation().search;
  const [{ orderId, returning }] = useState(() => {
    const stored = market.state.storage.get(STORAGE_KEYS.orderId);
    const id = returnedOrderId(search, stored);
    // Coming back from a payment: the stored flag names this order (a later visit just shows it).
    return { orderId: id, returning: id !== null && stored === String(id) };
  });
  const order = useOrder(orderId ?? 0);
  const online = order.data?.payment_methods.some((method) => method.is_payment_gateway) ?? false;
  const check = useOrderPaymentCheck(online && orderId !== null ? orderId : null);
  const outcome = order.data ? outcomeOf(order.data, check.paid, check.error !== null) : null;
  const payOrder = usePayOrder();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!returning) return;
    if (outcome === 'paid') toast.success(t('order placed success', { ns: 'cart' }), { id: 'order_paid' });
    // Not paid, or the check failed → this toast, under this id.
    if (outcome === 'unpaid') toast.error(t('order payment fail'), { id: 'failed_order' });
  }, [returning, outcome, t]);

  if (orderId === null)
    return (
      <div className="mx-auto max-w-4xl px-4 py-6">
        <h1 className="font-bold text-2xl">{t('status_page.title')}</h1>
        <EmptyState
          title={t('status_page.no_order')}
          action={
            <Link to="/userprofile/myOrder" className="underline underline-offset-4">
              {t('status_page.all_orders')}
            </Link>
          }
        />
      </div>
    );
  if (order.error)
    return (
      <div className="mx-auto max-w-4xl px-4 py-6">
        <h1 className="font-bold text-2xl">{t('status_page.title')}</h1>
        <ErrorState title={failureMessage(order.error, t('status_page.load_failed'), t)} />
      </div>
    );
  if (!order.data || outcome === null)
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('status_page.checking')} />
      </div>
    );

  const current = order.data;
  const gateway = current.payment_methods.find((method) => method.is_payment_gateway);
  const retry = async () => {
    if (!gateway) return;
    setBusy(true);
    try {
      await payOrder(current.order_id, gateway.id, providerOf(gateway) ?? 'card_gateway');
    } catch (error) {
      toast.error(failureMessage(error, t('status_page.retry_failed'), t));
      setBusy(false);
    }
  };
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-6">
      <div
        className="flex flex-col gap-2 rounded-lg border border-current/20 p-4"
        data-testid="order-outcome"
        data-outcome={outcome}
      >
        <h1 className="font-bold text-2xl">{t(`status_page.heading_${outcome}`)}</h1>
        <p role="status">{t(`status_page.detail_${outcome}`, { number: current.order_number })}</p>
        {outcome === 'unpaid' && gateway ? (
          <Button className="self-start" disabled={busy} onClick={() => void retry()}>
            {t('status_page.pay_again')}
          </Button>
        ) : null}
      </div>
      <OrderDetails order={current} />
      <Link to="/userprofile/myOrder" className="self-start underline underline-offset-4">
        {t('status_page.all_orders')}
      </Link>
    </div>
  );
}
