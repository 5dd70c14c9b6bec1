import { useOrder } from '@marketkit/hooks';
import { orderIdFromSearch } from '@marketkit/hooks/core';
import { ErrorState, Skeleton } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { failureMessage } from '../common/failure.ts';
import type { RouteHandle } from '../i18n/namespaces.ts';
import { OrderDetails } from '../orders/order-details.tsx';
import { Copy } from '../shell/copy.tsx';

export const handle: RouteHandle = { i18n: ['order', 'cart'] };

const LIST = '/userprofile/myOrder';

function BackLink() {
  const { t } = useTranslation('order');
  return (
    <Link to={LIST} className="self-start text-sm underline underline-offset-4">
      <span aria-hidden="true" className="inline-block rtl:rotate-180">
        ‹
      </span>{' '}
      {t('back_to_orders')}
    </Link>
  );
}

function OrderScreen({ orderId }: { orderId: number }) {
  const { t } = useTranslation(['order', 'common']);
  const order = useOrder(orderId);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-6">
      <BackLink />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="break-words font-bold text-2xl">
          {order.data ? t('order_number', { number: order.data.order_number }) : t('order_title')}
        </h1>
        {order.data ? (
          <Copy
            text={order.data.order_number}
            name={t('common:copy.order_number', { number: order.data.order_number })}
          />
        ) : null}
      </div>
      {order.isError ? (
        <ErrorState
          title={t('order_failed')}
          description={failureMessage(order.error, '', t)}
          retryLabel={t('common:retry')}
          onRetry={() => void order.refetch()}
        />
      ) : order.data ? (
        <OrderDetails order={order.data} />
      ) : (
        <div className="flex flex-col gap-4" aria-busy="true">
          <span className="sr-only">{t('common:loading')}</span>
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      )}
    </div>
  );
}

/** One order (`/userprofile/order?orderId=N`, signed-in); without a valid id, back to the list. */
export default function Order() {
  const orderId = orderIdFromSearch(useLocation().search);
  return orderId === null ? <Navigate to={LIST} /> : <OrderScreen key={orderId} orderId={orderId} />;
}
