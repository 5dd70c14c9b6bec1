import { useInvoice, useReorder } from '@marketkit/hooks';
import {
  canCancelOrder,
  cancellationQuote,
  canDownloadInvoice,
  isPaymentComplete,
  joinList,
} from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { Button, toast } from '@marketkit/ui';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMoney } from '../catalogue/money.ts';
import { failureMessage } from '../common/failure.ts';
import { useFormat } from '../i18n/format.ts';
import { ReasonDialog } from './action-dialogs.tsx';
import { OrderItemRow } from './order-item.tsx';
import { useSaveDownload } from './save-file.ts';
import { StatusChip } from './status-chip.tsx';
import { useCancel } from './use-cancel.ts';

type Order = Schema<'OrderDetail'>;

export interface OrderDetailsProps {
  order: Order;
  /** Called after the shopper changed the order (cancel, return, replace); the order refetches itself too. */
  onChanged?: () => void;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-current/15 p-4" data-testid={testId}>
      <h2 className="font-semibold text-lg">{title}</h2>
      {children}
    </section>
  );
}

function AddressBlock({ address }: { address: Schema<'Address'> }) {
  return (
    <address className="not-italic text-sm leading-relaxed">
      <span className="block font-medium">{address.full_name}</span>
      <span className="block break-words">
        {[address.address_line_1, address.address_line_2, address.landmark].filter(Boolean).join(', ')}
      </span>
      <span className="block">
        {[address.city, address.state, address.pincode].filter(Boolean).join(', ')}
      </span>
      <span className="block">{address.country}</span>
      <span className="block" dir="ltr">
        {address.extension} {address.phone}
      </span>
    </address>
  );
}

function SummaryRows({ order }: { order: Order }) {
  const { t } = useTranslation('order');
  const money = useMoney();
  const { summary } = order;
  const rows: [string, string][] = [
    [t('summary.subtotal'), money(summary.subtotal)],
    ...(summary.discount > 0
      ? [[t('summary.discount'), `− ${money(summary.discount)}`] as [string, string]]
      : []),
    ...(summary.coupon_discount > 0 || order.coupon_code
      ? [
          [
            order.coupon_code ? t('summary.coupon_code', { code: order.coupon_code }) : t('summary.coupon'),
            `− ${money(summary.coupon_discount)}`,
          ] as [string, string],
        ]
      : []),
    [t('summary.delivery'), summary.delivery_charge > 0 ? money(summary.delivery_charge) : t('summary.free')],
    [t('summary.tax'), money(summary.tax)],
  ];
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="break-words">{label}</dt>
          <dd className="text-end">{value}</dd>
        </div>
      ))}
      <div className="contents font-semibold text-base">
        <dt>{t('summary.total')}</dt>
        <dd className="text-end" data-testid="order-detail-total">
          {money(summary.total)}
        </dd>
      </div>
    </dl>
  );
}

/** The status history as a timeline, oldest first. */
function History({ history }: { history: Order['status_history'] }) {
  const format = useFormat();
  const { t } = useTranslation('order');
  // The contract sends them oldest first; sorting again keeps that true for any server.
  const entries = history
    .map((entry, index) => ({ entry, index, time: Date.parse(entry.changed_at) }))
    .sort((a, b) => (a.time || 0) - (b.time || 0) || a.index - b.index);
  if (entries.length === 0) return <p className="text-sm">{t('history.empty')}</p>;
  return (
    <ol className="flex flex-col gap-3 border-current/20 border-s-2 ps-4">
      {entries.map(({ entry, index }) => (
        <li key={`${entry.changed_at}-${index}`} className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <StatusChip kind="history" value={entry.status} />
            <span className="text-sm">
              {t('history.at', { date: format.date(entry.changed_at), time: format.time(entry.changed_at) })}
            </span>
          </div>
          {entry.note ? <p className="break-words text-sm">{entry.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * Everything about one order: its status, items (with their own actions), addresses, payment, totals and
 * history, and the order-wide actions (cancel the whole order, invoice, order again). Used by the order
 * page and the order-status page.
 */
export function OrderDetails({ order, onChanged }: OrderDetailsProps) {
  const format = useFormat();
  const { t } = useTranslation(['order', 'common']);
  const money = useMoney();
  const cancelOrder = useCancel(order.order_id, onChanged);
  const invoice = useInvoice();
  const invoiceFile = useSaveDownload();
  const reorder = useReorder();
  const navigate = useNavigate();
  const [cancelling, setCancelling] = useState(false);
  const [reordering, setReordering] = useState(false);
  const quote = cancellationQuote(order);

  const orderAgain = async () => {
    setReordering(true);
    try {
      const result = await reorder(order);
      if (result.added.length > 0)
        toast.success(
          <span>
            {t('reorder_done', { count: result.added.length })}{' '}
            <a
              href="/cart"
              className="font-semibold underline underline-offset-4"
              onClick={(event) => {
                event.preventDefault();
                navigate('/cart');
              }}
            >
              {t('go_to_cart')}
            </a>
          </span>,
        );
      if (result.rejected.length > 0)
        toast.error(result.rejected.map((line) => line.response_message).join(' '));
      if (result.skipped.length > 0)
        toast.info(t('reorder_skipped', { names: joinList(result.skipped.map((item) => item.productName)) }));
      if (result.added.length === 0 && result.rejected.length === 0 && result.skipped.length === 0)
        toast.info(t('reorder_nothing'));
    } catch (error) {
      toast.error(failureMessage(error, t('reorder_failed'), t));
    } finally {
      setReordering(false);
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="order-details">
      <div className="flex flex-col gap-2">
        <p className="text-sm">{t('placed_on', { date: format.date(order.created_at) })}</p>
        <div className="flex flex-wrap gap-2" data-testid="order-chips">
          <StatusChip kind="order" value={order.order_status} />
          {order.request_status ? <StatusChip kind="request" value={order.request_status} /> : null}
          <StatusChip kind="payment" value={order.payment_status} />
        </div>
        <div className="flex flex-wrap gap-2">
          {canCancelOrder(order) ? (
            <Button variant="secondary" size="sm" onClick={() => setCancelling(true)}>
              {t('cancel_order')}
            </Button>
          ) : null}
          {canDownloadInvoice(order) ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                void invoiceFile.save(() => invoice(order.order_id, order.order_number), {
                  failed: t('invoice_failed'),
                })
              }
              disabled={invoiceFile.busy}
              aria-busy={invoiceFile.busy}
            >
              {t('download_invoice')}
            </Button>
          ) : null}
          {order.is_request ? null : (
            <Button size="sm" onClick={() => void orderAgain()} disabled={reordering} aria-busy={reordering}>
              {t('order_again')}
            </Button>
          )}
        </div>
      </div>

      <Section title={t('items_title', { count: order.items.length })}>
        <ul>
          {order.items.map((item) => (
            <OrderItemRow key={item.order_item_id} order={order} item={item} onChanged={onChanged} />
          ))}
        </ul>
      </Section>

      <div className="grid gap-4 md:grid-cols-2">
        <Section title={t('summary.title')} testId="order-summary">
          <SummaryRows order={order} />
        </Section>
        <Section title={t('payment.title')}>
          {order.payment_methods.length > 0 ? (
            <ul className="text-sm">
              {order.payment_methods.map((method) => (
                <li key={method.id}>{method.display_name}</li>
              ))}
            </ul>
          ) : (
            <p className="text-sm">{t(order.is_request ? 'payment.after_request' : 'payment.none')}</p>
          )}
        </Section>
        {order.delivery_address ? (
          <Section title={t('address.delivery')}>
            <AddressBlock address={order.delivery_address} />
          </Section>
        ) : null}
        <Section title={t('address.billing')}>
          <AddressBlock address={order.billing_address} />
        </Section>
      </div>

      <Section title={t('history.title')} testId="order-history">
        <History history={order.status_history} />
      </Section>

      {cancelling ? (
        <ReasonDialog
          open
          onOpenChange={(value) => setCancelling(value)}
          title={t('cancel_order_title', { number: order.order_number })}
          reasonLabel={t('dialog.cancel_reason')}
          confirmLabel={t('cancel_order_confirm')}
          onConfirm={cancelOrder}
        >
          <p data-testid="cancellation-charge">
            {quote.charge > 0 ? t('charge', { charge: money(quote.charge) }) : t('no_charge')}
          </p>
          {isPaymentComplete(order.payment_status) ? (
            <p>{t('refund_preview', { refund: money(quote.refund) })}</p>
          ) : null}
        </ReasonDialog>
      ) : null}
    </div>
  );
}
