import { createDefaultSeed } from '@marketkit/sandbox';
import { describe, expect, it } from 'vitest';
import { discountPercent } from '../../src/core/index.ts';

/** A price in minor units (cents, paise, fils: every seeded currency has 100), checked to be exact. */
function minorUnits(price: number): number {
  const units = Math.round(price * 100);
  expect(units / 100, `${price} has at most two decimals`).toBe(price);
  return units;
}

describe('discount percentage (integer part of (original − final) / original × 100)', () => {
  const seeded = createDefaultSeed().stores.flatMap((store) =>
    store.products.map(({ detail }) => ({
      store: store.name,
      name: detail.product_name,
      original: detail.product_price,
      final: detail.final_price,
    })),
  );

  it('is the true integer part for every seeded price of every store', () => {
    expect(seeded.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const { store, name, original, final } of seeded) {
      const was = minorUnits(original);
      const now = minorUnits(final);
      const percent = discountPercent(original, final);
      // In whole minor units the integer part p is exact: p × was ≤ (was − now) × 100 < (p + 1) × was.
      const saved = (was - now) * 100;
      const expected = was > 0 && now < was ? Math.floor(saved / was) : 0;
      const exact = was > 0 && now < was ? percent * was <= saved && saved < (percent + 1) * was : true;
      if (percent !== expected || !exact)
        wrong.push(`${store} ${name}: ${original} → ${final} = ${percent}%`);
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ['demo', 'Pulse Wireless Earbuds', 20],
    ['demo', 'Aurora X1 Smartphone', 10],
    ['demo', 'Nimbus Tab Mini', 15],
    ['demo', '65W Fast Charger', 10],
    ['demo', 'Cast Iron Skillet', 10],
  ])('%s %s is %i percent off', (store, name, percent) => {
    const product = seeded.find((candidate) => candidate.store === store && candidate.name === name);
    expect(product).toBeDefined();
    expect(discountPercent(product?.original ?? 0, product?.final ?? 0)).toBe(percent);
  });

  it("shows a percentage discount of every store (bazaar's too) as the seed's own percentage", () => {
    const off = createDefaultSeed().stores.flatMap((store) =>
      store.products
        .map(({ detail }) => detail)
        .filter((detail) => detail.discount_details?.discount_type === 'percentage')
        .map((detail) => ({
          product: `${store.name} ${detail.product_name}`,
          percent: discountPercent(detail.product_price, detail.final_price),
          expected: detail.discount_details?.discount_value,
        })),
    );
    expect(off.some((entry) => entry.product.startsWith('bazaar '))).toBe(true);
    expect(off.filter((entry) => entry.percent !== entry.expected)).toEqual([]);
  });

  it.each([
    ['no saving', 100, 100, 0],
    ['free', 100, 0, 100],
    ['free at a three-decimal price', 12.345, 0, 100],
    ['final above original', 100, 120, 0],
    ['20 % of 1,299.00', 1299, 1039.2, 20],
    ['20 % of 0.05', 0.05, 0.04, 20],
    ['a third', 3, 2, 33],
    ['just under a whole percent', 100, 80.01, 19],
    ['15 % of 999', 999, 849.15, 15],
    ['three decimals (a dinar has 1000 fils)', 12.345, 9.876, 20],
    ['three decimals, just under', 1.001, 0.801, 19],
    ['a tiny saving', 500000, 499999.99, 0],
    ['exponent notation', 1e-7, 5e-8, 50],
    ['large prices', 1e21, 8e20, 20],
    ['zero original', 0, 0, 0],
    ['zero original, negative final', 0, -5, 0],
    ['negative original', -100, -120, 0],
    ['negative final', 100, -10, 0],
    ['NaN original', Number.NaN, 10, 0],
    ['NaN final', 100, Number.NaN, 0],
    ['infinite original', Number.POSITIVE_INFINITY, 10, 0],
    ['negative zero final', 100, -0, 100],
  ])('%s: %s → %s is %i percent off', (_case, original, final, percent) =>
    expect(discountPercent(original, final)).toBe(percent),
  );
});
