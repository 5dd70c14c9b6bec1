import { formatDate, formatTime } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';

/** A slot as a date and a time range: `June 15, 2024` and `9:00 AM–12:00 PM` (the store's own date and times). */
export function slotText(slot: Pick<Schema<'Slot'>, 'slot_date' | 'start_time' | 'end_time'>) {
  return {
    date: formatDate(`${slot.slot_date}T12:00:00Z`, 'UTC'),
    time: `${formatTime(slot.start_time)}–${formatTime(slot.end_time)}`,
  };
}
