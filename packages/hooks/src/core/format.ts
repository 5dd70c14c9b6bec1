import type { Schema } from '@marketkit/sdk';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Locales whose numbers `formatEnglish` writes exactly as `Intl.NumberFormat` does. */
const ENGLISH = new Set(['en', 'en_US', 'en-US']);

/**
 * `Intl.NumberFormat('en')` with fixed decimals, without building one: the page's first costs ~25 ms
 * (~100 ms on a slow phone) to load the locale's data, in the task that shows the first price. Like
 * ICU it rounds the shortest decimal that reads back as the number (`0.015`, not the binary
 * 0.01499…), half away from zero. Null where the two could differ (exponent notation, not finite,
 * negative zero): Intl writes those.
 */
function formatEnglish(amount: number, decimals: number): string | null {
  if (!Number.isFinite(amount) || Object.is(amount, -0)) return null;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) return null;
  const text = String(Math.abs(amount));
  if (text.includes('e')) return null;
  const [int = '0', fraction = ''] = text.split('.');
  let units = BigInt(int + fraction.slice(0, decimals).padEnd(decimals, '0'));
  if ((fraction[decimals] ?? '0') >= '5') units += 1n;
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 ? '-' : ''}${whole}${decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : ''}`;
}

/** Currency code plus the amount with 2 decimals, grouped for the locale: `ZAR 1,234.50`. */
export function formatPrice(amount: number, currencyCode: string, locale = 'en', decimals = 2): string {
  const english = ENGLISH.has(locale) ? formatEnglish(amount, decimals) : null;
  if (english !== null) return `${currencyCode} ${english}`;
  const key = `${locale}|${decimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    // Building a formatter costs far more than using one: a page of prices builds one per locale.
    format = new Intl.NumberFormat(locale.replace('_', '-'), {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    numberFormats.set(key, format);
  }
  return `${currencyCode} ${format.format(amount)}`;
}

/** Integer part of (original − final) / original × 100; 0 when there is no saving. */
export function discountPercent(original: number, final: number): number {
  if (!(original > 0) || !(final < original)) return 0;
  return Math.trunc(((original - final) / original) * 100);
}

/** Whether a product shows its price: unless `price_visibility` is explicitly false. */
export const showsPrice = (product: { price_visibility?: boolean | null }) =>
  product.price_visibility !== false;

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per options (building one costs far more than using it: a list of dates). */
function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', options);
    dateFormats.set(key, format);
  }
  return format;
}

/** `MMMM d, yyyy`: `January 5, 2026`. */
export function formatDate(value: Date | string | number, timeZone?: string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat({
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** The British helper's `d MMM yyyy`: `5 Jan 2026` (three-letter months in every runtime). */
export function formatDateBritish(value: Date | string | number, timeZone?: string): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const parts = dateFormat({
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('day')} ${get('month').slice(0, 3)} ${get('year')}`;
}

/** 12-hour time with AM/PM, from a date or an `HH:mm` string: `2:05 PM`. */
export function formatTime(value: Date | string, timeZone?: string): string {
  if (typeof value === 'string') {
    const match = /^(\d{1,2}):(\d{2})/.exec(value);
    if (match) {
      const hours = Number(match[1]);
      if (hours > 23) return '';
      return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
    }
  }
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat({
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/** Under 60 minutes in minutes, else hours and minutes: `45 min`, `1 hr`, `2 hr 30 min`. */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return `${total} min`;
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

const WEEKDAYS: Record<Schema<'WeekdayAbbreviation'>, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** Joins with commas and the joiner before the last: `a, b & c` (default joiner ` & `). */
export function joinList(items: readonly string[], joiner = ' & '): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')}${joiner}${items[items.length - 1]}`;
}

/** `['mon','wed','fri']` → `Monday, Wednesday & Friday`; unknown abbreviations are left out. */
export function formatWeekdays(days: readonly string[], joiner = ' & '): string {
  return joinList(
    days
      .map((day) => WEEKDAYS[day.toLowerCase() as Schema<'WeekdayAbbreviation'>])
      .filter((day): day is string => Boolean(day)),
    joiner,
  );
}

/** Bytes to megabytes (÷ 1048576). */
export const bytesToMegabytes = (bytes: number) => bytes / 1048576;

/** `12.40 MB`. */
export const formatMegabytes = (bytes: number, decimals = 2) =>
  `${bytesToMegabytes(bytes).toFixed(decimals)} MB`;
