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
