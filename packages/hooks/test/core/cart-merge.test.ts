import type { Schema } from '@marketkit/sdk';
import { describe, expect, it } from 'vitest';
import {
  activePincode,
  EMPTY_GUEST_CART,
  type GuestCartState,
  guestCartDisplay,
  guestCartReducer,
  isInGuestCart,
  onRoutes,
  planGuestCartMerge,
  planResumableMerge,
  refusedGuestCartDisplay,
  sanitizeBuyNow,
  sanitizeGuestCart,
  sanitizeSavedPincode,
  sanitizeSlots,
  serverCartDisplay,
  shouldAddPendingBuyNow,
  slotReducer,
  toCartQuantity,
} from '../../src/core/index.ts';

export const product = (
  id: number,
  overrides: Partial<Schema<'ProductSummary'>> = {},
): Schema<'ProductSummary'> => ({
  product_id: id,
  product_name: `Product ${id}`,
  product_price: 100,
  final_price: 80,
  discount_details: { discount_type: 'percentage', discount_value: 20 },
  product_image: `/a/${id}-1.svg,/a/${id}-2.svg`,
  product_type_name: 'Physical Product',
  item_type: 'standard_item',
  purchase_mode: 'checkout_based',
  price_visibility: true,
  quantity: 50,
  rating: 4,
  is_subscribed: false,
  pay_on_delivery: true,
  online_payment: true,
  ...overrides,
});

const add = (state: GuestCartState, id: number, quantity?: number) =>
  guestCartReducer(state, {
    type: 'add',
    product: product(id),
    ...(quantity === undefined ? {} : { quantity }),
  });

describe('guest cart reducer', () => {
  it('adds with a default quantity of 1 and maps for display', () => {
    const state = add(EMPTY_GUEST_CART, 1);
    expect(state.items[0]).toMatchObject({
      key: 'p1',
      productId: 1,
      cartQuantity: 1,
      addedQuantity: 1,
      sellingPrice: 80,
      productPrice: 100,
    });
    expect(guestCartDisplay(state)[0]).toMatchObject({
      id: 'p1',
      product: 1,
      product_name: 'Product 1',
      product_price: 100,
      final_price: 80,
      image: '/a/1-1.svg',
      cart_quantity: 1,
      stock: 50,
    });
  });

  // A line's stock and the units in the cart have names of their own; `quantity` stays one release
  // as the deprecated alias of `stock`.
  it.each([
    ['a guest line', () => guestCartDisplay(add(EMPTY_GUEST_CART, 1, 3))[0]],
    [
      'a server line',
      () =>
        serverCartDisplay([
          {
            id: 9,
            product: 1,
            cart_quantity: 3,
            product_type_name: 'Physical Product',
            product_detail: { ...product(1), quantity: 50 },
          } as unknown as Schema<'CartItem'>,
        ])[0],
    ],
  ] as const)('%s: stock 50, 3 in the cart', (_line, line) => {
    const shown = line();
    expect([shown?.stock, shown?.cart_quantity]).toEqual([50, 3]);
    // `quantity` meant the stock on a line and the units on the cart: a line has no `quantity`.
    expect(shown).not.toHaveProperty('quantity');
  });

  it('keeps one entry per product: adding again updates it in place (latest quantity wins)', () => {
    let state = add(add(EMPTY_GUEST_CART, 1, 2), 2);
    expect(isInGuestCart(state, 1)).toBe(true);
    state = add(state, 1, 5);
    expect(state.items.map((i) => [i.productId, i.cartQuantity])).toEqual([
      [1, 5],
      [2, 1],
    ]);
  });

  it.each([
    ['3', 3],
    [3.9, 3],
    ['2abc', 2],
    [0, undefined],
    [-4, undefined],
    ['x', undefined],
    [Number.NaN, undefined],
    [5000, 999],
    [null, undefined],
  ])('[S4] quantity %j → %j', (input, output) => expect(toCartQuantity(input)).toBe(output));

  it('sets, removes, clears, and ignores a non-integer quantity', () => {
    let state = add(add(EMPTY_GUEST_CART, 1), 2);
    state = guestCartReducer(state, { type: 'setQuantity', key: 'p1', quantity: 4 });
    expect(state.items[0]?.cartQuantity).toBe(4);
    expect(guestCartReducer(state, { type: 'setQuantity', key: 'p1', quantity: 0 })).toBe(state);
    state = guestCartReducer(state, { type: 'remove', key: 'p2' });
    expect(state.items.map((i) => i.key)).toEqual(['p1']);
    expect(guestCartReducer(state, { type: 'clear' })).toEqual(EMPTY_GUEST_CART);
  });

  it('[M3] drops merged lines and keeps rejected ones with the server message', () => {
    let state = add(add(EMPTY_GUEST_CART, 1), 2);
    state = guestCartReducer(state, { type: 'rejected', productId: 2, message: 'Out of stock' });
    state = guestCartReducer(state, { type: 'merged', productIds: [1] });
    expect(guestCartDisplay(state)).toEqual([expect.objectContaining({ product: 2, error: 'Out of stock' })]);
  });

  it.each([
    ['nothing on the device', [], [], []],
    ['entries still waiting for the merge', [1, 2], [], []],
    ['one refused, one waiting', [1, 2], [2], [2]],
    ['every entry refused', [1, 2], [1, 2], [1, 2]],
  ])(
    '[M3] signed in, the device shows only the refused entries, with the message: %s',
    (_case, added, refusedIds, shown) => {
      let state = added.reduce((current, id) => add(current, id), EMPTY_GUEST_CART);
      for (const productId of refusedIds)
        state = guestCartReducer(state, { type: 'rejected', productId, message: `No ${productId}` });
      expect(refusedGuestCartDisplay(state)).toEqual(
        shown.map((id) => expect.objectContaining({ id: `p${id}`, product: id, error: `No ${id}` })),
      );
    },
  );
});

describe('stored guest cart', () => {
  const valid = add(EMPTY_GUEST_CART, 1, 2).items[0];
  it.each([
    ['[S2] not an array', 'nope', 0, 0],
    ['[S2] valid', [valid], 1, 0],
    ['[S2] wrapped', { items: [valid] }, 1, 0],
    ['[S2] duplicate product', [valid, valid], 1, 1],
    ['[S4] negative quantity', [{ ...valid, cartQuantity: -3 }], 0, 1],
    ['[S4] huge quantity', [{ ...valid, cartQuantity: 1e9 }], 1, 0],
    ['[S4] string quantity', [{ ...valid, cartQuantity: '4' }], 1, 0],
    ['[S2] wrong product type', [{ ...valid, product_type_name: 'Weapon' }], 0, 1],
    ['[S2] missing price', [{ ...valid, productPrice: undefined }], 0, 1],
    ['[S2] null entry', [null, valid], 1, 1],
  ])('%s', (_name, value, kept, dropped) => {
    const result = sanitizeGuestCart(value);
    expect(result.state.items).toHaveLength(kept);
    expect(result.dropped).toBe(dropped);
    for (const item of result.state.items)
      expect(Number.isInteger(item.cartQuantity) && item.cartQuantity >= 1 && item.cartQuantity <= 999).toBe(
        true,
      );
  });

  it('[S3] keeps at most 200 lines of 5,000', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ ...valid, productId: i + 1 }));
    const result = sanitizeGuestCart(many);
    expect(result.state.items).toHaveLength(200);
    expect(result.dropped).toBe(4800);
  });
});

describe('slots and buy-now', () => {
  it('keeps one slot per product and removes by id or by product', () => {
    let slots = slotReducer([], { type: 'select', slot: { id: 10, product: 1 } });
    slots = slotReducer(slots, { type: 'select', slot: { id: 11, product: 1 } });
    slots = slotReducer(slots, { type: 'select', slot: { id: 20, product: 2 } });
    expect(slots).toEqual([
      { id: 11, product: 1 },
      { id: 20, product: 2 },
    ]);
    expect(slotReducer(slots, { type: 'removeById', id: 11 })).toEqual([{ id: 20, product: 2 }]);
    expect(slotReducer(slots, { type: 'removeByProduct', product: 2 })).toEqual([{ id: 11, product: 1 }]);
    expect(slotReducer(slots, { type: 'clear' })).toEqual([]);
  });

  it.each([
    [
      { productId: 3, quantity: 2 },
      { productId: 3, quantity: 2, slotId: null },
    ],
    [
      { productId: 3, quantity: '2', slotId: 7 },
      { productId: 3, quantity: 2, slotId: 7 },
    ],
    [{ productId: 0, quantity: 1 }, null],
    [{ productId: 3, quantity: 0 }, null],
    ['x', null],
  ])('buy-now %j → %j', (value, item) => expect(sanitizeBuyNow(value)).toEqual(item));

  it('drops malformed slots', () =>
    expect(sanitizeSlots([{ id: 1, product: 2 }, { id: 'x' }, null, { id: 3, product: 2 }])).toEqual([
      { id: 3, product: 2 },
    ]));
});

const line = (id: number, productId: number, quantity: number): Schema<'CartItem'> => ({
  id,
  product: productId,
  cart_quantity: quantity,
  product_type_name: 'Physical Product',
  product_detail: product(productId),
  line_total: 80 * quantity,
  added_at: '2026-01-01T00:00:00.000Z',
  slot: null,
});

describe('guest-cart merge plan', () => {
  it('creates new products in one list and sums the ones already on the server (A×2, B×1 into A×1, C×1)', () => {
    const local = add(add(EMPTY_GUEST_CART, 1, 2), 2, 1).items;
    expect(planGuestCartMerge(local, [line(501, 1, 1), line(502, 3, 1)])).toEqual({
      create: [{ product: 2, cart_quantity: 1 }],
      update: [{ cartItemId: 501, product: 1, cart_quantity: 3 }],
    });
  });

  it('plans nothing for an empty guest cart, and caps summed quantities at 999', () => {
    expect(planGuestCartMerge([], [line(1, 1, 1)])).toEqual({ create: [], update: [] });
    expect(
      planGuestCartMerge(add(EMPTY_GUEST_CART, 1, 900).items, [line(9, 1, 500)]).update[0]?.cart_quantity,
    ).toBe(999);
  });

  it('carries a chosen slot', () => {
    const local = guestCartReducer(EMPTY_GUEST_CART, {
      type: 'add',
      product: product(5, { product_type_name: 'Service Product' }),
      slotId: 77,
    }).items;
    expect(planGuestCartMerge(local, []).create).toEqual([{ product: 5, cart_quantity: 1, slot_id: 77 }]);
  });

  // An app's rule, as a storefront might give it (the hooks know no route of their own).
  const skipped = onRoutes(['/checkout', '/payment', '/signin', '/ProductDetails']);
  const item = { productId: 1, quantity: 1, slotId: null };
  it.each([
    ['/', item, [], skipped, true],
    ['/', item, [1], skipped, false],
    ['/', null, [], skipped, false],
    ['/checkout/co_1', item, [], skipped, false],
    ['/payment', item, [], skipped, false],
    ['/signin', item, [], skipped, false],
    ['/productdetails/', item, [], skipped, false],
    ['/productListing', item, [], skipped, true],
    ['/cart', item, [], skipped, true],
    // Without a rule the library blocks no page, whatever its name.
    ['/checkout/co_1', item, [], undefined, true],
    ['/signin', item, [], undefined, true],
    ['/ProductDetails', item, [1], undefined, false],
  ] as const)(
    'pending buy-now on %s (%j, server %j, app rule %#) → %s',
    (path, pending, server, rule, adds) =>
      expect(shouldAddPendingBuyNow(path, pending, server, rule)).toBe(adds),
  );
});

describe('resuming an interrupted merge', () => {
  const local = add(add(EMPTY_GUEST_CART, 1, 2), 2, 1).items;
  it.each([
    [
      'no journal: a fresh plan, journaled',
      null,
      [line(501, 1, 1)],
      {
        done: [],
        create: [{ product: 2, cart_quantity: 1 }],
        update: [{ cartItemId: 501, product: 1, cart_quantity: 3 }],
      },
    ],
    [
      'the create went through before the cut: done, not sent again',
      { 2: { quantity: 1, kind: 'create' } },
      [line(501, 1, 1), line(502, 2, 1)],
      { done: [2], create: [], update: [{ cartItemId: 501, product: 1, cart_quantity: 3 }] },
    ],
    [
      'the create did not go through: sent again',
      { 2: { quantity: 1, kind: 'create' } },
      [line(501, 1, 1)],
      {
        done: [],
        create: [{ product: 2, cart_quantity: 1 }],
        update: [{ cartItemId: 501, product: 1, cart_quantity: 3 }],
      },
    ],
    [
      'the update reached its target: done',
      { 1: { quantity: 3, kind: 'update' } },
      [line(501, 1, 3)],
      { done: [1], create: [{ product: 2, cart_quantity: 1 }], update: [] },
    ],
    [
      'the update did not land: the same absolute target again, never 1 + 3 + 2',
      { 1: { quantity: 3, kind: 'update' } },
      [line(501, 1, 1)],
      {
        done: [],
        create: [{ product: 2, cart_quantity: 1 }],
        update: [{ cartItemId: 501, product: 1, cart_quantity: 3 }],
      },
    ],
  ] as const)('[M1] %s', (_name, journal, server, expected) => {
    const plan = planResumableMerge(local, server, journal);
    expect({ done: plan.done, create: plan.create, update: plan.update }).toEqual(expected);
    for (const create of plan.create)
      expect(plan.targets[create.product]).toEqual({ quantity: create.cart_quantity, kind: 'create' });
    for (const update of plan.update)
      expect(plan.targets[update.product]).toEqual({ quantity: update.cart_quantity, kind: 'update' });
  });
});

describe('saved pincode', () => {
  it.each([
    [{ pincode: '2001', addressId: 5 }, { pincode: '2001', addressId: 5 }, '2001'],
    [{ pincode: 'allProducts', addressId: null }, { pincode: 'allProducts', addressId: null }, null],
    [{ pincode: '12', addressId: 1 }, null, null],
    [{ pincode: '2001', addressId: 'x' }, { pincode: '2001', addressId: null }, '2001'],
    ['2001', null, null],
  ])('%j', (value, record, active) => {
    expect(sanitizeSavedPincode(value)).toEqual(record);
    expect(activePincode(sanitizeSavedPincode(value))).toBe(active);
  });
});
