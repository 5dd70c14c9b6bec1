import type { Schema } from '@marketkit/sdk';

// The rule lives in the SDK so that `@marketkit/ui`'s `<Money>` shares it without the hooks.
export { formatPrice } from '@marketkit/sdk';

/** A finite number as the decimal it is written as (`1039.2` → 10392 × 10⁻¹), not its binary value. */
function exactDecimal(value: number): { units: bigint; scale: number } {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponent);
  const units = BigInt(whole + fraction);
  return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 };
}

/**
 * The integer part of (original − final) / original × 100, worked out on the prices as
 * written (ZAR 1,299.00 → 1,039.20 is 20 % off; binary floating point makes it 19.99…). 0 when there
 * is no saving or a price is not a price (zero, negative, not finite).
 */
export function discountPercent(original: number, final: number): number {
  if (!Number.isFinite(original) || !Number.isFinite(final)) return 0;
  if (!(original > 0) || !(final >= 0) || !(final < original)) return 0;
  const a = exactDecimal(original);
  const b = exactDecimal(final);
  const scale = Math.max(a.scale, b.scale);
  const was = a.units * 10n ** BigInt(scale - a.scale);
  const now = b.units * 10n ** BigInt(scale - b.scale);
  return Number(((was - now) * 100n) / was);
}

/** Whether a product shows its price: unless `price_visibility` is explicitly false. */
export const showsPrice = (product: { price_visibility?: boolean | null }) =>
  product.price_visibility !== false;

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** The shopper's language and, where a moment must read the same everywhere, a time zone. */
export interface DateTextOptions {
  /** A language code (`fr`, `en_US`, `ar`); default `en-US`, the spec's English formats. */
  locale?: string;
  /** An IANA time zone (`UTC` for calendar days); default the runtime's own. */
  timeZone?: string;
}

/** `en_US` → `en-US`; an unusable code → `en-US`. */
function bcp47(locale: string | undefined): string {
  const code = (locale ?? 'en-US').replace(/_/g, '-');
  try {
    return Intl.getCanonicalLocales(code)[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per locale and options (building one costs far more than using it: a list of dates). */
function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const tag = bcp47(locale);
  const key = `${tag}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    dateFormats.set(key, format);
  }
  return format;
}

const zoned = (options: DateTextOptions) => (options.timeZone ? { timeZone: options.timeZone } : {});

/**
 * A date with the month's name, in the shopper's language: `MMMM d, yyyy` in English (`January 5,
 * 2026`), `5 janvier 2026` in French, `5 يناير 2026` in Arabic.
 */
export function formatDate(value: Date | string | number, options: DateTextOptions = {}): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(options.locale, {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    ...zoned(options),
  }).format(date);
}

/**
 * The British helper's `d MMM yyyy` (`5 Jan 2026`, three-letter months in every runtime); in another
 * language, its own short form (`5 janv. 2026`).
 */
export function formatDateBritish(value: Date | string | number, options: DateTextOptions = {}): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const english = bcp47(options.locale).startsWith('en');
  const parts = dateFormat(english ? 'en-GB' : options.locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...zoned(options),
  }).formatToParts(date);
  if (!english) return parts.map((part) => part.value).join('');
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('day')} ${get('month').slice(0, 3)} ${get('year')}`;
}

/**
 * 12-hour time with the day period, from a date or an `HH:mm` string, in the shopper's language:
 * `2:05 PM` in English.
 */
export function formatTime(value: Date | string, options: DateTextOptions = {}): string {
  const clock = typeof value === 'string' ? /^(\d{1,2}):(\d{2})/.exec(value) : null;
  // A wall-clock time (a slot's `14:05`) is no moment: written as it is, wherever it is read.
  const date = clock ? new Date(Date.UTC(2000, 0, 1, Number(clock[1]), Number(clock[2]))) : toDate(value);
  if (clock && Number(clock[1]) > 23) return '';
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat(options.locale, {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    ...(clock ? { timeZone: 'UTC' } : zoned(options)),
  }).format(date);
}

const unitFormats = new Map<string, Intl.NumberFormat>();
function unitFormat(locale: string | undefined, unit: 'hour' | 'minute') {
  const key = `${bcp47(locale)}|${unit}`;
  let format = unitFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(bcp47(locale), { style: 'unit', unit, unitDisplay: 'short' });
    unitFormats.set(key, format);
  }
  return format;
}

/**
 * Under 60 minutes in minutes, else hours and minutes, in the shopper's language: `45 min`, `1 hr`,
 * `2 hr 30 min` in English, `2 h 30 min` in French.
 */
export function formatDuration(minutes: number, locale?: string): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return unitFormat(locale, 'minute').format(total);
  const hours = unitFormat(locale, 'hour').format(Math.floor(total / 60));
  const rest = total % 60;
  if (rest === 0) return hours;
  return new Intl.ListFormat(bcp47(locale), { type: 'unit', style: 'narrow' }).format([
    hours,
    unitFormat(locale, 'minute').format(rest),
  ]);
}

/** Monday is the first of the `mon`…`sun` abbreviations; 2024-01-01 was a Monday. */
const WEEKDAY_INDEX: Record<Schema<'WeekdayAbbreviation'>, number> = {
  mon: 0,
  tue: 1,
  wed: 2,
  thu: 3,
  fri: 4,
  sat: 5,
  sun: 6,
};

/** Joins with commas and the joiner before the last: `a, b & c` (default joiner ` & `). */
export function joinList(items: readonly string[], joiner = ' & '): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')}${joiner}${items[items.length - 1]}`;
}

/**
 * `['mon','wed','fri']` → `Monday, Wednesday & Friday` (the day names in the shopper's language);
 * unknown abbreviations are left out.
 */
export function formatWeekdays(
  days: readonly string[],
  options: { locale?: string; joiner?: string } | string = {},
): string {
  const { locale, joiner = ' & ' } = typeof options === 'string' ? { joiner: options } : options;
  const names = dateFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return joinList(
    days
      .map((day) => WEEKDAY_INDEX[day.toLowerCase() as Schema<'WeekdayAbbreviation'>])
      .filter((index): index is number => index !== undefined)
      .map((index) => names.format(new Date(Date.UTC(2024, 0, 1 + index)))),
    joiner,
  );
}

/** Bytes to megabytes (÷ 1048576). */
export const bytesToMegabytes = (bytes: number) => bytes / 1048576;

/** `12.40`: the amount alone, for a translation that writes its own unit (`{{size}} Mo`). */
export const megabyteAmount = (bytes: number, decimals = 2) => bytesToMegabytes(bytes).toFixed(decimals);

/** `12.40 MB`. */
export const formatMegabytes = (bytes: number, decimals = 2) => `${megabyteAmount(bytes, decimals)} MB`;
