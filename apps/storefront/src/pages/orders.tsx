import {
  changeOrderFilters,
  DEFAULT_ORDER_FILTERS,
  listsOrders,
  ORDER_VIEWS,
  type OrderListFilters,
  type OrderView,
  orderFiltersSearch,
  parseOrderFilters,
} from '@marketkit/hooks/core';
import { Spinner } from '@marketkit/ui';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { lazyScreen } from '../app/route-modules.ts';
import type { RouteHandle } from '../i18n/namespaces.ts';
import { EnquiryList } from '../orders/enquiry-list.tsx';
import { OrderList } from '../orders/order-list.tsx';

export const handle: RouteHandle = { i18n: ['order', 'training_overview'] };

// Bookings and downloads load only when their tab opens: the orders list stays small.
// Offline, a tab not loaded yet waits for the connection (app/route-modules.ts).
const Bookings = lazy(
  lazyScreen(() => import('../account/bookings.tsx').then((module) => ({ default: module.Bookings }))),
);
const Downloads = lazy(
  lazyScreen(() => import('../account/downloads.tsx').then((module) => ({ default: module.Downloads }))),
);

const PATH = '/userprofile/myOrder';
const hrefOf = (filters: OrderListFilters) => {
  const query = orderFiltersSearch(filters);
  return query ? `${PATH}?${query}` : PATH;
};

/** My orders (`/userprofile/myOrder`, signed-in): orders, requests, enquiries, bookings and downloads. */
export default function Orders() {
  const { t } = useTranslation(['order', 'common']);
  const search = useLocation().search;
  const navigate = useNavigate();
  const filters = useMemo(() => parseOrderFilters(search), [search]);
  const go = (change: Partial<OrderListFilters>) => navigate(hrefOf(changeOrderFilters(filters, change)));
  const tabHref = (view: OrderView) => hrefOf(changeOrderFilters(filters, { view }));
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-6">
      <h1 className="font-bold text-2xl">{t('title')}</h1>
      <nav aria-label={t('views.label')}>
        <ul className="flex flex-wrap gap-1 border-current/15 border-b">
          {ORDER_VIEWS.map((view) => (
            <li key={view}>
              <Link
                to={tabHref(view)}
                aria-current={filters.view === view ? 'page' : undefined}
                className="-mb-px inline-flex min-h-10 items-center border-transparent border-b-2 px-3 font-medium aria-[current=page]:border-current hover:bg-current/5"
              >
                {t(`views.${view}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {listsOrders(filters.view) ? (
        <OrderList
          filters={filters}
          onChange={go}
          onClear={() => navigate(hrefOf({ ...DEFAULT_ORDER_FILTERS, view: filters.view }))}
        />
      ) : filters.view === 'enquiries' ? (
        <EnquiryList page={filters.page} onPage={(page) => go({ page })} />
      ) : (
        <Suspense
          fallback={
            <div className="flex justify-center py-8">
              <Spinner label={t('common:loading')} />
            </div>
          }
        >
          {filters.view === 'bookings' ? <Bookings /> : <Downloads />}
        </Suspense>
      )}
    </div>
  );
}
