import type { Schema } from '@marketkit/sdk';
import type { ChipTone } from './orders.ts';
import { slotsByDate } from './product.ts';

type Booking = Schema<'Booking'>;
type TrainingSession = Schema<'TrainingSession'>;

/** Control characters (C0 and DEL) turn names and links into something else: they are refused. */
const isControl = (character: string) => {
  const code = character.charCodeAt(0);
  return code < 32 || code === 127;
};
const hasControl = (value: string) => [...value].some(isControl);

/**
 * The two ids of `/trainingOverview/{orderItemId}/{orderId}`, or null unless both are plain positive
 * integers (`12`, not `12.5`, `1e3`, `-4` or `0x10`).
 */
export function trainingRouteIds(
  orderItemId: string | null | undefined,
  orderId: string | null | undefined,
): { orderItemId: number; orderId: number } | null {
  const parse = (value: string | null | undefined) => {
    if (!value || !/^\d{1,15}$/.test(value)) return null;
    const id = Number(value);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  };
  const item = parse(orderItemId);
  const order = parse(orderId);
  return item === null || order === null ? null : { orderItemId: item, orderId: order };
}

/**
 * A session's join link as the contract allows it: an `https://` URL (no credentials in it) or a
 * same-origin path with a single leading `/`. Anything else (`javascript:`, `http:`, `//host`, `/\host`,
 * control characters) gives null, so no link is shown.
 */
export function safeJoinLink(link: string | null | undefined): string | null {
  if (!link) return null;
  const value = link.trim();
  if (value === '' || value.length > 2048 || hasControl(value) || /[\s\\]/.test(value)) return null;
  if (value.startsWith('/')) return value.startsWith('//') ? null : value;
  if (!/^https:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' || url.username || url.password || !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Whether a join link leaves the storefront (opened in a new tab) or stays on it. */
export const isExternalLink = (href: string) => /^https:\/\//i.test(href);

/** Completed share as a whole number from 0 to 100 (a missing or out-of-range value is clamped). */
export function progressPercent(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** Sessions in time order (by `starts_at`); an unreadable date goes last, ties keep their order. */
export function sessionsByStart<T extends Pick<TrainingSession, 'starts_at'>>(sessions: readonly T[]): T[] {
  const time = (session: T) => {
    const value = Date.parse(session.starts_at);
    return Number.isNaN(value) ? Number.POSITIVE_INFINITY : value;
  };
  return [...sessions].sort((a, b) => {
    const difference = time(a) - time(b);
    return Number.isNaN(difference) ? 0 : difference;
  });
}

/** How a booking's or a training session's status is shown: the chip tones, never `danger`. */
export type ServiceChipTone = Exclude<ChipTone, 'danger'>;

const SERVICE_TONES = {
  booking: { booked: 'info', rescheduled: 'info', completed: 'success', cancelled: 'neutral' },
  session: { scheduled: 'info', completed: 'success', missed: 'warning', cancelled: 'neutral' },
} as const satisfies {
  booking: Record<Booking['status'], ServiceChipTone>;
  session: Record<TrainingSession['status'], ServiceChipTone>;
};

/**
 * The chip of a booking or session status: its tone, and whether this version knows the value (one the
 * server added later, or a key such as `toString`, is neutral and `known: false`).
 */
export function serviceStatusChip(
  kind: 'booking' | 'session',
  value: string,
): { value: string; tone: ServiceChipTone; known: boolean } {
  const tones: Record<string, ServiceChipTone> = SERVICE_TONES[kind];
  const tone = Object.hasOwn(tones, value) ? tones[value] : undefined;
  return tone ? { value, tone, known: true } : { value, tone: 'neutral', known: false };
}

/** What the shopper may do with a booking: only active bookings the server allows to change. */
export function bookingActions(booking: Pick<Booking, 'status' | 'can_reschedule' | 'can_cancel'>): {
  reschedule: boolean;
  cancel: boolean;
} {
  const active = booking.status === 'booked' || booking.status === 'rescheduled';
  return { reschedule: active && booking.can_reschedule, cancel: active && booking.can_cancel };
}

/**
 * Slots a booking may move to, grouped by date: the same product's slots except the one it holds.
 * Full slots stay in the list (shown, not choosable: see `isSlotFull`).
 */
export function rescheduleSlots(
  slots: readonly Schema<'Slot'>[],
  booking: Pick<Booking, 'product_id'> & { slot: Pick<Schema<'Slot'>, 'slot_id'> },
) {
  return slotsByDate(
    slots.filter((slot) => slot.product_id === booking.product_id && slot.slot_id !== booking.slot.slot_id),
  );
}

/**
 * The file name of a download from its `Content-Disposition` header (`filename*` first, then
 * `filename`), reduced to a plain name: no folders, quotes or control characters, at most 150
 * characters. Falls back to `fallback` (itself cleaned) when the header names nothing usable.
 */
export function downloadFileName(contentDisposition: string | null | undefined, fallback: string): string {
  const header = contentDisposition ?? '';
  let name = '';
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim();
  if (extended) {
    const encoded = extended.replace(/^"|"$/g, '').replace(/^[\w-]*'[^']*'/, '');
    try {
      name = decodeURIComponent(encoded);
    } catch {
      name = '';
    }
  }
  if (!name) {
    const plain = /(?:^|;)\s*filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i.exec(header)?.[1]?.trim() ?? '';
    name = plain.startsWith('"') ? plain.slice(1, -1).replace(/\\(.)/g, '$1') : plain;
  }
  return cleanFileName(name) || cleanFileName(fallback) || 'download';
}

function cleanFileName(value: string): string {
  const base = value.split(/[/\\]/).pop() ?? '';
  return [...base]
    .filter((character) => !isControl(character) && !'"<>:|?*'.includes(character))
    .join('')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 150)
    .trim();
}
