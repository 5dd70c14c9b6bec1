import { useDigitalDownload, useRateProduct, useReturnOrReplace } from '@marketkit/hooks';
import { cancellationQuote, isPaymentComplete, orderItemActions, policyLabels } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { Button, buttonVariants, toast } from '@marketkit/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { productHref } from '../catalogue/links.ts';
import { useMoney } from '../catalogue/money.ts';
import { StoreMoney } from '../catalogue/store-media.tsx';
import { Thumbnail } from '../catalogue/thumbnail.tsx';
import { failureMessage } from '../common/failure.ts';
import { useFormat } from '../i18n/format.ts';
import { RateDialog, ReasonDialog } from './action-dialogs.tsx';
import { useSaveDownload } from './save-file.ts';
import { StatusChip } from './status-chip.tsx';
import { useCancel } from './use-cancel.ts';

type Order = Schema<'OrderDetail'>;
type Item = Schema<'OrderItem'>;

/** A calendar day from the contract (`yyyy-mm-dd`) in the spec's date format, whatever the time zone. */

/** The item's after-sale policy, folded: the spec's labels with Yes/No, days and the charge. */
function PolicyDetails({ policy }: { policy: Item['policy'] }) {
  const { t } = useTranslation('order');
  const money = useMoney();
  return (
    <details className="text-sm">
      <summary className="cursor-pointer underline-offset-4 hover:underline">{t('policy.title')}</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {policyLabels(policy).map((row) => (
          <div key={row.label} className="contents">
            <dt className="opacity-90">{t(`policy.${row.label}`)}</dt>
            <dd className="font-medium">
              {row.kind === 'flag'
                ? t(row.value ? 'policy.yes' : 'policy.no')
                : row.kind === 'days'
                  ? t('policy.days', { count: row.value })
                  : money(row.value)}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

type Dialog = 'cancel' | 'return' | 'replace' | 'rate' | null;

/** One item of an order: what was bought, its status and dates, its policy, and what can be done with it. */
export function OrderItemRow({
  order,
  item,
  onChanged,
}: {
  order: Order;
  item: Item;
  onChanged?: (() => void) | undefined;
}) {
  const format = useFormat();
  const { t } = useTranslation(['order', 'common']);
  const money = useMoney();
  const confirmCancel = useCancel(order.order_id, onChanged, [item.order_item_id]);
  const afterSale = useReturnOrReplace();
  const download = useDigitalDownload();
  const file = useSaveDownload();
  const rate = useRateProduct();
  const [dialog, setDialog] = useState<Dialog>(null);
  const actions = orderItemActions(item, new Date());
  const paid = isPaymentComplete(order.payment_status);
  const quote = cancellationQuote(order, [item.order_item_id]);
  const name = <span className="sr-only"> {item.product_name}</span>;
  const open = (next: Dialog) => () => setDialog(next);
  const close = (value: boolean) => {
    if (!value) setDialog(null);
  };

  const confirmAfterSale =
    (action: 'return' | 'replace') =>
    async ({ reason, quantity }: { reason: string; quantity: number }) => {
      try {
        const result = await afterSale(order.order_id, {
          order_item_id: item.order_item_id,
          action,
          reason,
          quantity,
        });
        toast.success(result.message || t(`${action}_requested`));
        onChanged?.();
      } catch (error) {
        toast.error(failureMessage(error, t('after_sale_failed'), t));
        throw error;
      }
    };
  const confirmRating = async (input: { rating: number; title: string; review: string }) => {
    try {
      await rate({
        product_id: item.product_id,
        rating: input.rating,
        ...(input.title ? { title: input.title } : {}),
        ...(input.review ? { review: input.review } : {}),
      });
      toast.success(t('rate.thanks'));
    } catch (error) {
      toast.error(failureMessage(error, t('rate.failed'), t));
      throw error;
    }
  };
  const startDownload = () =>
    file.save(() => download(item.order_item_id, item.product_name), { failed: t('download_failed') });
  const windowEnds = item.return_window_ends_at ? format.date(item.return_window_ends_at) : '';

  return (
    <li className="flex gap-4 border-current/10 border-b py-4 last:border-b-0" data-testid="order-item">
      <Thumbnail path={item.product_image} size={80} className="size-16 sm:size-20" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="min-w-0 break-words font-medium">
            <Link to={productHref(item.product_id)} className="underline-offset-4 hover:underline">
              {item.product_name}
            </Link>
          </h3>
          <p className="shrink-0 font-semibold">
            <span className="sr-only">{t('line_total')}: </span>
            {money(item.line_total)}
          </p>
        </div>
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm">
          <span>{t('quantity', { count: item.quantity })}</span>
          <span className="inline-flex items-baseline gap-1">
            <StoreMoney amount={item.final_price} original={item.unit_price} />
            <span>{t('each')}</span>
          </span>
        </div>
        <div className="flex flex-wrap gap-2">
          <StatusChip kind="order" value={item.item_status} label={t('item_status')} />
          {item.request_status ? <StatusChip kind="request" value={item.request_status} /> : null}
        </div>
        {item.slot ? (
          <p className="text-sm" data-testid="order-item-slot">
            {t('slot', {
              date: format.day(item.slot.slot_date),
              start: format.time(item.slot.start_time),
              end: format.time(item.slot.end_time),
            })}
          </p>
        ) : null}
        {item.delivered_at ? (
          <p className="text-sm">{t('delivered_on', { date: format.date(item.delivered_at) })}</p>
        ) : item.estimated_delivery_date && item.item_status !== 'Cancelled' ? (
          <p className="text-sm">
            {t('estimated_delivery', { date: format.day(item.estimated_delivery_date) })}
          </p>
        ) : null}
        {windowEnds && (actions.includes('return') || actions.includes('replace')) ? (
          <p className="text-sm">{t('window_ends', { date: windowEnds })}</p>
        ) : null}
        <PolicyDetails policy={item.policy} />
        {actions.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {actions.includes('cancel') ? (
              <Button size="sm" variant="secondary" onClick={open('cancel')}>
                {t('cancel_item')}
                {name}
              </Button>
            ) : null}
            {actions.includes('return') ? (
              <Button size="sm" variant="secondary" onClick={open('return')}>
                {t('return_item')}
                {name}
              </Button>
            ) : null}
            {actions.includes('replace') ? (
              <Button size="sm" variant="secondary" onClick={open('replace')}>
                {t('replace_item')}
                {name}
              </Button>
            ) : null}
            {actions.includes('download') ? (
              <Button
                size="sm"
                onClick={() => void startDownload()}
                disabled={file.busy}
                aria-busy={file.busy}
              >
                {t('download')}
                {name}
              </Button>
            ) : null}
            {actions.includes('training') ? (
              <Link
                to={`/trainingOverview/${item.order_item_id}/${order.order_id}`}
                className={buttonVariants({ size: 'sm', variant: 'tertiary' })}
              >
                {t('training_overview')}
                {name}
              </Link>
            ) : null}
            {actions.includes('rate') ? (
              <Button size="sm" variant="ghost" onClick={open('rate')}>
                {t('rate.action')}
                {name}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {dialog === 'cancel' ? (
        <ReasonDialog
          open
          onOpenChange={close}
          title={t('cancel_title', { name: item.product_name })}
          reasonLabel={t('dialog.cancel_reason')}
          confirmLabel={t('cancel_confirm')}
          onConfirm={confirmCancel}
        >
          <p data-testid="cancellation-charge">
            {quote.charge > 0 ? t('charge', { charge: money(quote.charge) }) : t('no_charge')}
          </p>
          {paid ? <p>{t('refund_preview', { refund: money(quote.refund) })}</p> : null}
        </ReasonDialog>
      ) : null}
      {dialog === 'return' || dialog === 'replace' ? (
        <ReasonDialog
          open
          onOpenChange={close}
          title={t(`${dialog}_title`, { name: item.product_name })}
          reasonLabel={t(`dialog.${dialog}_reason`)}
          confirmLabel={t(`${dialog}_confirm`)}
          maxQuantity={item.quantity}
          onConfirm={confirmAfterSale(dialog)}
        >
          {windowEnds ? <p>{t('window_ends', { date: windowEnds })}</p> : null}
        </ReasonDialog>
      ) : null}
      {dialog === 'rate' ? (
        <RateDialog open onOpenChange={close} productName={item.product_name} onConfirm={confirmRating} />
      ) : null}
    </li>
  );
}
