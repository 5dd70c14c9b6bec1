import type { Schema } from '@marketkit/sdk';
import type { Formatters } from '../i18n/format.ts';

/** A slot as a date and a time range: `June 15, 2024` and `9:00 AM–12:00 PM` (the store's own day and times). */
export function slotText(
  format: Formatters,
  slot: Pick<Schema<'Slot'>, 'slot_date' | 'start_time' | 'end_time'>,
) {
  return {
    date: format.day(slot.slot_date),
    time: `${format.time(slot.start_time)}–${format.time(slot.end_time)}`,
  };
}
