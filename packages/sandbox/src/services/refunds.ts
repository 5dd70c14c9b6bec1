import type { OrderItemRecord, OrderRecord } from '../core/state.ts';

/** An amount in currency units → whole minor units (cents). */
export const toMinor = (amount: number) => Math.round(amount * 100);
/** Whole minor units → an amount in currency units. */
export const fromMinor = (minor: number) => minor / 100;

/**
 * What the shopper paid for each line of an order, in minor units, by order item id. A line's total is
 * after its product discount; the order's coupon (an order-level discount) is spread over the lines
 * paid at checkout in proportion to their totals, the odd minor units to the largest remainders (the
 * first line on a tie), so the shares add up to the coupon exactly and no line pays less than 0. A
 * coupon beyond the goods (a free order also waives delivery) is not part of any line. Request-based
 * lines are quoted later, not paid at checkout: 0.
 */
export function paidPerLine(
  order: Pick<OrderRecord, 'summary'> & {
    items: readonly Pick<OrderItemRecord, 'order_item_id' | 'line_total' | 'request_status'>[];
  },
): Map<number, number> {
  const lines = order.items.map((item) => ({
    id: item.order_item_id,
    total: item.request_status === null ? Math.max(0, toMinor(item.line_total)) : 0,
  }));
  const goods = lines.reduce((sum, line) => sum + line.total, 0);
  const coupon = Math.min(Math.max(0, toMinor(order.summary.coupon_discount)), goods);
  // Exact shares in integers (BigInt: coupon × line total can pass 2^53).
  const shares = lines.map((line, index) => {
    const exact = goods === 0 ? 0n : BigInt(coupon) * BigInt(line.total);
    const whole = goods === 0 ? 0n : exact / BigInt(goods);
    const remainder = goods === 0 ? 0n : exact % BigInt(goods);
    return { index, share: Number(whole), remainder };
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
  return new Map(lines.map((line, index) => [line.id, line.total - (shares[index]?.share ?? 0)]));
}
