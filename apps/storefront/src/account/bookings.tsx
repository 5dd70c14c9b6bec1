import { type BookingsQuery, useBookings, useCancelBooking } from '@marketkit/hooks';
import { bookingActions, loadState, pageCount } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { Button, Dialog, Pagination } from '@marketkit/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { orderHref, productHref } from '../catalogue/links.ts';
import { BrowseLink, LoadStates } from '../common/load-states.tsx';
import { SelectField } from '../common/select-field.tsx';
import { useBusyAction } from '../common/use-busy-action.ts';
import { useFormat } from '../i18n/format.ts';
import { RescheduleDialog } from './reschedule-dialog.tsx';
import { ServiceStatus } from './service-status.tsx';
import { slotText } from './slot-text.ts';

type Booking = Schema<'Booking'>;
type Filter = NonNullable<BookingsQuery['status']> | '';

const FILTERS: readonly Filter[] = ['', 'upcoming', 'past', 'cancelled'];
const PAGE_SIZE = 10;

/** The shopper's bookings (a tab of the orders page): filter, reschedule and cancel where allowed. */
export function Bookings() {
  const { t } = useTranslation(['training_overview', 'common']);
  const [filter, setFilter] = useState<Filter>('');
  const [page, setPage] = useState(1);
  const bookings = useBookings({
    ...(filter ? { status: filter } : {}),
    page_number: page,
    page_limit: PAGE_SIZE,
  });
  const list = bookings.data?.data;
  const total = bookings.data?.total_count ?? 0;
  const state = loadState(
    { hasData: list !== undefined, isFetching: bookings.isFetching, error: bookings.error },
    list?.length ?? 0,
  );
  // A cancellation can empty the last page: step back to one that has bookings.
  useEffect(() => {
    if (list && list.length === 0 && page > 1) setPage((current) => Math.max(1, current - 1));
  }, [list, page]);

  return (
    <section aria-labelledby="bookings-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="bookings-title" className="font-semibold text-xl">
          {t('bookings.title')}
        </h2>
        <SelectField
          inline
          label={t('bookings.filter')}
          value={filter}
          options={FILTERS.map((value) => ({ value, label: t(`bookings.filters.${value || 'all'}`) }))}
          onChange={(value) => {
            setFilter(FILTERS.find((candidate) => candidate === value) ?? '');
            setPage(1);
          }}
        />
      </div>
      <LoadStates
        state={state}
        failed={{ title: t('bookings.load_failed'), onRetry: () => void bookings.refetch() }}
        loading={['h-24 w-full', 'h-24 w-full']}
        empty={{
          title: filter ? t('bookings.empty_filtered') : t('bookings.empty'),
          action: <BrowseLink>{t('bookings.browse')}</BrowseLink>,
        }}
      >
        {() => (
          <ul className="flex flex-col gap-3" aria-busy={bookings.isPlaceholderData}>
            {(list ?? []).map((booking) => (
              <BookingRow key={booking.booking_id} booking={booking} />
            ))}
          </ul>
        )}
      </LoadStates>
      <Pagination
        page={page}
        pageCount={pageCount(total, PAGE_SIZE)}
        onPageChange={setPage}
        label={t('bookings.pages')}
        previousLabel={t('previous')}
        nextLabel={t('next')}
        pageLabel={(number) => t('page', { page: number })}
      />
    </section>
  );
}

function BookingRow({ booking }: { booking: Booking }) {
  const format = useFormat();
  const { t } = useTranslation('training_overview');
  const actions = bookingActions(booking);
  const slot = slotText(format, booking.slot);
  return (
    <li data-testid="booking" className="flex flex-col gap-3 rounded-lg border border-current/10 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link
          to={productHref(booking.product_id)}
          className="min-w-0 break-words font-semibold hover:underline"
        >
          {booking.product_name}
        </Link>
        <ServiceStatus kind="booking" value={booking.status} />
      </div>
      <p className="text-sm" data-testid="booking-slot">
        {slot.date}, <span dir="ltr">{slot.time}</span>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {actions.reschedule ? <RescheduleDialog booking={booking} /> : null}
        {actions.cancel ? <CancelBooking booking={booking} /> : null}
        <Link to={orderHref(booking.order_id)} className="text-sm underline underline-offset-4">
          {t('bookings.view_order')}
          <span className="sr-only">: {booking.product_name}</span>
        </Link>
      </div>
    </li>
  );
}

function CancelBooking({ booking }: { booking: Booking }) {
  const format = useFormat();
  const { t } = useTranslation(['training_overview', 'common']);
  const cancel = useCancelBooking();
  const [open, setOpen] = useState(false);
  const { busy, run } = useBusyAction();
  const slot = slotText(format, booking.slot);
  const confirm = async () => {
    if (
      await run(() => cancel(booking), { done: t('bookings.cancelled'), failed: t('bookings.cancel_failed') })
    )
      setOpen(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) setOpen(next);
      }}
      title={t('bookings.cancel_title')}
      description={t('bookings.cancel_description', {
        product: booking.product_name,
        date: slot.date,
        time: slot.time,
      })}
      closeLabel={t('common:close')}
      trigger={
        <Button size="sm" variant="secondary">
          {t('bookings.cancel')}
          <span className="sr-only">: {booking.product_name}</span>
        </Button>
      }
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" disabled={busy} onClick={() => setOpen(false)}>
          {t('bookings.keep')}
        </Button>
        <Button disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
          {t('bookings.confirm_cancel')}
        </Button>
      </div>
    </Dialog>
  );
}
