import { useProductSlots, useRescheduleBooking } from '@marketkit/hooks';
import { rescheduleSlots } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { Button, Dialog } from '@marketkit/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SlotGroups } from '../catalogue/slot-groups.tsx';
import { useBusyAction } from '../common/use-busy-action.ts';
import { useFormat } from '../i18n/format.ts';
import { slotText } from './slot-text.ts';

/** Moves a booking: the product's other slots by date (full ones shown but not choosable). */
export function RescheduleDialog({ booking }: { booking: Schema<'Booking'> }) {
  const format = useFormat();
  const { t } = useTranslation(['training_overview', 'common']);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const { busy, run } = useBusyAction();
  const slots = useProductSlots(booking.product_id, { enabled: open });
  const reschedule = useRescheduleBooking();
  const groups = rescheduleSlots(slots.data ?? [], booking);
  const current = slotText(format, booking.slot);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen === null) return;
    const done = await run(() => reschedule(booking, chosen), {
      done: t('bookings.rescheduled'),
      failed: t('bookings.reschedule_failed'),
    });
    if (done) setOpen(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        setChosen(null);
      }}
      title={t('bookings.reschedule_title')}
      description={t('bookings.reschedule_description', {
        product: booking.product_name,
        date: current.date,
        time: current.time,
      })}
      closeLabel={t('common:close')}
      trigger={
        <Button size="sm">
          {t('bookings.reschedule')}
          <span className="sr-only">: {booking.product_name}</span>
        </Button>
      }
    >
      <form onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-col gap-4">
        {slots.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2 text-sm">
            <p>{t('bookings.slots_failed')}</p>
            <Button size="sm" variant="secondary" onClick={() => void slots.refetch()}>
              {t('common:retry')}
            </Button>
          </div>
        ) : !slots.data ? (
          <p className="text-sm" aria-busy="true">
            {t('bookings.loading_slots')}
          </p>
        ) : groups.length === 0 ? (
          <p className="text-sm">{t('bookings.no_other_slots')}</p>
        ) : (
          <fieldset className="flex max-h-[50vh] flex-col gap-3 overflow-y-auto">
            <legend className="sr-only">{t('bookings.reschedule_title')}</legend>
            <SlotGroups
              groups={groups}
              name={`reschedule-${booking.booking_id}`}
              selected={chosen}
              disabled={busy}
              fullLabel={t('bookings.full')}
              onSelect={setChosen}
            />
          </fieldset>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="submit" disabled={chosen === null || busy} aria-busy={busy}>
            {t('bookings.confirm_reschedule')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
