import { describe, expect, it } from 'vitest';
import { formatPrice, fromMinor, paidPerLine, toMinor } from '../src/index.ts';

/** An order with a coupon over lines of these totals (currency units); `open` marks a request-based line. */
const order = (coupon_discount: number, ...lines: (number | 'open')[]) => ({
  summary: { coupon_discount },
  items: lines.map((line, index) => ({
    order_item_id: index + 1,
    line_total: line === 'open' ? 500 : line,
    request_status: line === 'open' ? 'open' : null,
  })),
});

describe('the coupon split over an order’s lines (paidPerLine)', () => {
  it.each([
    ['no coupon: each line its total', order(0, 199, 0.01), [19900, 1]],
    ['a coupon over the goods (free order with delivery): nothing', order(259, 199), [0]],
    ['an exact split', order(40, 300, 100), [27000, 9000]],
    // 10 over three equal lines: 3.33 each and one cent more off the first (the remainders tie).
    ['odd cents to the largest remainders, the first on a tie', order(10, 10, 10, 10), [666, 667, 667]],
    ['the remainders decide, not the order', order(0.01, 0.02, 0.07), [2, 6]],
    ['a large order stays exact', order(99_999.99, 499_999.99 * 999, 0.01), [49_939_999_002, 1]],
    ['a request-based line is not paid at checkout and takes no share', order(10, 100, 'open'), [9000, 0]],
    ['a negative coupon counts as none', order(-5, 100), [10000]],
    ['a negative line total counts as 0', order(10, -3, 100), [0, 9000]],
    ['no lines', order(10), []],
  ])('%s', (_what, input, paid) => {
    const shares = paidPerLine(input);
    expect(input.items.map((line) => shares.get(line.order_item_id))).toEqual(paid);
    // Together exactly what was paid for the goods; never more than a line's total, never below 0.
    const totals = input.items.map((line) =>
      line.request_status === null ? Math.max(0, toMinor(line.line_total)) : 0,
    );
    const goods = totals.reduce((sum, total) => sum + total, 0);
    const coupon = Math.min(goods, Math.max(0, toMinor(input.summary.coupon_discount)));
    expect([...shares.values()].reduce((sum, value) => sum + value, 0)).toBe(goods - coupon);
    paid.forEach((value, index) => {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(totals[index] ?? 0);
    });
  });

  it.each([
    [0.1 + 0.2, 30],
    [-2.5, -250],
  ])('%d in minor units is %d', (amount, minor) => expect(toMinor(amount)).toBe(minor));

  it('minor units back to currency units', () => expect(fromMinor(12345)).toBe(123.45));
});

describe('price text: currency code and grouped amount (formatPrice)', () => {
  it.each([
    [1234.5, 'ZAR', 'en', 'ZAR 1,234.50'],
    [0, 'INR', 'en', 'INR 0.00'],
    [1234567.891, 'INR', 'en-IN', 'INR 12,34,567.89'],
    [1234.5, 'EUR', 'fr', 'EUR 1\u202f234,50'],
    // A currency not known yet (useCurrency() is null while the settings load): the amount alone.
    [8099.1, '', 'en', '8,099.10'],
    [1234.5, '', 'fr', '1\u202f234,50'],
  ])('price %s %j (%s)', (amount, code, locale, text) =>
    expect(formatPrice(amount, code, locale)).toBe(text),
  );

  it('keeps one formatter per locale and number of decimals (a cached one never answers for another)', () => {
    expect(formatPrice(1234567.891, 'INR', 'en')).toBe('INR 1,234,567.89');
    expect(formatPrice(1234567.891, 'INR', 'en-IN')).toBe('INR 12,34,567.89');
    expect(formatPrice(1234567.891, 'INR', 'en_IN')).toBe('INR 12,34,567.89');
    expect(formatPrice(1234.5, 'JPY', 'en', 0)).toBe('JPY 1,235');
    expect(formatPrice(1234.5, 'ZAR', 'en')).toBe('ZAR 1,234.50');
    expect(() => formatPrice(1, 'ZAR', 'not a locale!')).toThrow(RangeError);
    expect(() => formatPrice(1, 'ZAR', 'not a locale!')).toThrow(RangeError);
  });

  it('writes English prices exactly as Intl.NumberFormat does, without building one', () => {
    // Ties, values just either side of them, rounding up to a new group, negatives rounding to zero,
    // the largest the short path takes and what it leaves to Intl (huge, not finite, negative zero).
    const edges = [
      0,
      -0,
      0.005,
      0.015,
      0.125,
      1.005,
      1.045,
      2.675,
      999.995,
      999999.995,
      -0.001,
      -0.005,
      -1234.5,
      0.1 + 0.2,
      1e15 - 0.5,
      1e15,
      1e21,
      123456789012.345,
      Number.MAX_SAFE_INTEGER,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      Number.MIN_VALUE,
      5e-7,
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const values = [
      ...edges,
      ...Array.from({ length: 3000 }, (_, i) => (random() - 0.3) * 10 ** (i % 13)),
      ...Array.from({ length: 1000 }, () => Math.round(random() * 1e6) / 1000 + 0.0005),
    ];
    const differences: string[] = [];
    for (const locale of ['en', 'en_US', 'en-US'])
      for (const decimals of [0, 1, 2, 3]) {
        const intl = new Intl.NumberFormat(locale.replace('_', '-'), {
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals,
        });
        for (const value of values) {
          const ours = formatPrice(value, 'ZAR', locale, decimals);
          if (ours !== `ZAR ${intl.format(value)}`)
            differences.push(`${value} ${locale} ${decimals}: ${ours}`);
        }
      }
    expect(differences).toEqual([]);
  });
});
