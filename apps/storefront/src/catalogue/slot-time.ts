import { formatTime } from '@marketkit/hooks/core';

/** A slot's `HH:mm` as a 12-hour time with AM or PM (spec §9). */
export const slotTime = (time: string) => formatTime(`1970-01-01T${time}:00Z`, 'UTC');
