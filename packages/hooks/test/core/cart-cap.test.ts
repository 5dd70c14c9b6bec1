import { describe, expect, it } from 'vitest';
import { capCartQuantity } from '../../src/core/index.ts';

describe('the quantity an add sends, and whether it was cut to the cap', () => {
  it.each([
    // Within the stock and the line's limit: sent as asked, nothing to say.
    [3, 10, 3, null],
    [10, 10, 10, null],
    [999, 0, 999, null],
    // More than the stock: cut to it, and said.
    [12, 10, 10, { requested: 12, allowed: 10, reason: 'stock' }],
    // Services and digital goods report no stock (0): a line holds at most 999.
    [1010, 0, 999, { requested: 1010, allowed: 999, reason: 'line-limit' }],
    // A stock above 999 still stops at 999.
    [5000, 20_000, 999, { requested: 5000, allowed: 999, reason: 'line-limit' }],
    ['1200', 0, 999, { requested: 1200, allowed: 999, reason: 'line-limit' }],
    [2.9, 1, 1, { requested: 2, allowed: 1, reason: 'stock' }],
    // Not a quantity: the default add of 1, not a cap.
    [0, 10, 1, null],
    [-4, 10, 1, null],
    [Number.NaN, 10, 1, null],
    ['many', 10, 1, null],
    [undefined, 10, 1, null],
  ] as const)('asked %s with stock %s → sends %s, capped %j', (asked, stock, sent, capped) =>
    expect(capCartQuantity(asked, stock)).toEqual({ quantity: sent, capped }),
  );
});
