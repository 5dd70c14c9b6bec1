import { describe, expect, it } from 'vitest';
import { fromMinor, paidPerLine, toMinor } from '../src/index.ts';

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
