import { useOrders } from '@marketkit/hooks';
import { hasOrderFilters, loadState, type OrderListFilters, pageCount } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { Button, EmptyState, Pagination } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { orderHref } from '../catalogue/links.ts';
import { useMoney } from '../catalogue/money.ts';
import { Thumbnail } from '../catalogue/thumbnail.tsx';
import { BrowseLink, LoadStates } from '../common/load-states.tsx';
import { useFormat } from '../i18n/format.ts';
import { OrderFilters } from './order-filters.tsx';
import { StatusChip } from './status-chip.tsx';

/** One order of the list: number, date, first item, total and its status chips; links to the order. */
export function OrderCard({ order }: { order: Schema<'OrderSummary'> }) {
  const format = useFormat();
  const { t } = useTranslation('order');
  const money = useMoney();
  const more = order.item_count - 1;
  return (
    <li className="flex gap-4 rounded-lg border border-current/15 p-4" data-testid="order-card">
      <Thumbnail path={order.first_item_image} size={64} className="size-16" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <h2 className="font-semibold">
            <Link to={orderHref(order.order_id)} className="underline-offset-4 hover:underline">
              {t('order_number', { number: order.order_number })}
            </Link>
          </h2>
          <p className="font-semibold" data-testid="order-total">
            <span className="sr-only">{t('summary.total')}: </span>
            {money(order.total)}
          </p>
        </div>
        <p className="text-sm">{t('placed_on', { date: format.date(order.created_at) })}</p>
        <p className="break-words">
          {order.first_item_name}
          {more > 0 ? ` ${t('and_more', { count: more })}` : ''}
        </p>
        <div className="flex flex-wrap gap-2">
          <StatusChip kind="order" value={order.order_status} />
          {order.is_request && order.request_status ? (
            <StatusChip kind="request" value={order.request_status} />
          ) : null}
          <StatusChip kind="payment" value={order.payment_status} />
        </div>
      </div>
    </li>
  );
}

/** The orders or requests tab: filters, a page of orders (10), pagination, and its empty and error states. */
export function OrderList({
  filters,
  onChange,
  onClear,
}: {
  filters: OrderListFilters;
  onChange: (change: Partial<OrderListFilters>) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation(['order', 'common']);
  const orders = useOrders(filters);
  const page = orders.data;
  const total = page?.total_count ?? 0;
  const requests = filters.view === 'requests';
  const state = loadState(
    { hasData: page !== undefined, isFetching: orders.isFetching, error: orders.error },
    total,
  );
  return (
    <div className="flex flex-col gap-4">
      <OrderFilters filters={filters} onChange={onChange} />
      <p className="text-sm" aria-live="polite">
        {state === 'loading'
          ? t('common:loading')
          : state === 'failed'
            ? null
            : t(requests ? 'request_count' : 'order_count', { count: total })}
      </p>
      <LoadStates
        state={state}
        failed={{
          title: t(requests ? 'requests_failed' : 'orders_failed'),
          onRetry: () => void orders.refetch(),
        }}
        loading={['h-28 w-full', 'h-28 w-full', 'h-28 w-full']}
        list
        empty={
          hasOrderFilters(filters)
            ? {
                title: t('no_matches'),
                action: (
                  <Button variant="secondary" onClick={onClear}>
                    {t('filters.clear')}
                  </Button>
                ),
              }
            : {
                title: t(requests ? 'no_requests' : 'no_orders'),
                action: <BrowseLink>{t('start_shopping')}</BrowseLink>,
              }
        }
      >
        {() =>
          (page?.data.length ?? 0) === 0 ? (
            <EmptyState
              title={t('page_out_of_range')}
              action={
                <Button variant="secondary" onClick={() => onChange({ page: 1 })}>
                  {t('first_page')}
                </Button>
              }
            />
          ) : (
            <ul
              className={`flex flex-col gap-3 ${orders.isPlaceholderData ? 'opacity-60' : ''}`}
              aria-busy={orders.isFetching}
            >
              {page?.data.map((order) => (
                <OrderCard key={order.order_id} order={order} />
              ))}
            </ul>
          )
        }
      </LoadStates>
      <Pagination
        page={filters.page}
        pageCount={pageCount(total)}
        onPageChange={(next) => onChange({ page: next })}
        label={t('pages')}
        previousLabel={t('previous')}
        nextLabel={t('next')}
        pageLabel={(value) => t('page', { page: value })}
      />
    </div>
  );
}
