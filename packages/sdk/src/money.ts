/** An amount in currency units → whole minor units (cents). */
export const toMinor = (amount: number) => Math.round(amount * 100);

/** Whole minor units → an amount in currency units. */
export const fromMinor = (minor: number) => minor / 100;

/** One line of an order as `paidPerLine` reads it. */
export interface PaidLine {
  order_item_id: number;
  /** The line's total after its product discount, in currency units. */
  line_total: number;
  /** Set for a request-based line, quoted later and not paid at checkout. */
  request_status: string | null;
}

/**
 * What the shopper paid for each line of an order, in minor units (cents), by order item id: the
 * line's total (after its product discount) less its share of the order's coupon. The coupon is spread
 * over the lines paid at checkout in proportion to their totals, the odd minor units to the largest
 * remainders (the first line on a tie): the shares add up to the coupon exactly and no line is paid
 * less than 0. A coupon beyond the goods (a free order also waives delivery) is no line's.
 * Request-based lines are quoted later, not paid at checkout: 0. The services host refunds by this
 * same rule, and `@marketkit/hooks/core` quotes a cancellation with it.
 */
export function paidPerLine(order: {
  summary: { coupon_discount: number };
  items: readonly PaidLine[];
}): Map<number, number> {
  const totals = order.items.map((item) =>
    item.request_status === null ? Math.max(0, toMinor(item.line_total)) : 0,
  );
  const goods = totals.reduce((sum, total) => sum + total, 0);
  const coupon = Math.min(Math.max(0, toMinor(order.summary.coupon_discount)), goods);
  // Exact shares in integers (BigInt: coupon × line total can pass 2^53).
  const shares = totals.map((total, index) => {
    if (goods === 0) return { index, share: 0, remainder: 0n };
    const exact = BigInt(coupon) * BigInt(total);
    return { index, share: Number(exact / BigInt(goods)), remainder: exact % BigInt(goods) };
  });
  let left = coupon - shares.reduce((sum, entry) => sum + entry.share, 0);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const entry of byRemainder) {
    if (left <= 0) break;
    if (entry.remainder === 0n) continue;
    entry.share += 1;
    left -= 1;
  }
  return new Map(
    order.items.map((item, index) => [
      item.order_item_id,
      (totals[index] ?? 0) - (shares[index]?.share ?? 0),
    ]),
  );
}

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

/**
 * Currency code plus the amount with 2 decimals, grouped for the locale: `ZAR 1,234.50`; the amount
 * alone when the code is empty (a currency not known yet).
 */
export function formatPrice(amount: number, currencyCode: string, locale = 'en', decimals = 2): string {
  const withCode = (text: string) => (currencyCode ? `${currencyCode} ${text}` : text);
  const english = ENGLISH.has(locale) ? formatEnglish(amount, decimals) : null;
  if (english !== null) return withCode(english);
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
  return withCode(format.format(amount));
}
