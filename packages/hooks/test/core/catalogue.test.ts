import type { Schema } from '@marketkit/sdk';
import { describe, expect, it } from 'vitest';
import {
  ALL_ITEM_TYPES,
  cartTotals,
  changeListing,
  DEFAULT_LISTING,
  estimatedDeliveryDays,
  listingSearch,
  mainImage,
  maxQuantity,
  needsSlot,
  pageCount,
  parseListingFilters,
  productAction,
  productImages,
  productsQuery,
  recordView,
  sanitizeRecentlyViewed,
  settleSlotChoice,
  showsSlots,
  slotsByDate,
} from '../../src/core/index.ts';

describe('listing filters from the URL', () => {
  it.each([
    ['', {}],
    ['category=3&page=2', { category: 3, page: 2 }],
    ['category=0&page=-1', {}],
    ['category=3.5&page=abc', {}],
    ['search=%20%20lamp%20', { search: 'lamp' }],
    [`search=${'x'.repeat(150)}`, { search: 'x'.repeat(100) }],
    ['type=Digital%20Product', { productType: 'Digital Product' }],
    ['type=Weapons', {}],
    ['kind=request_item', { itemType: 'request_item' }],
    [`kind=${ALL_ITEM_TYPES}`, { itemType: ALL_ITEM_TYPES }],
    ['kind=everything', {}],
    ['min=100&max=900.5', { minPrice: 100, maxPrice: 900.5 }],
    ['min=900&max=100', { maxPrice: 100 }],
    ['max=9999999', {}],
    ['min=0', {}],
    ['min=-5&max=1e9', {}],
    ['sort=price_desc', { sort: 'price_desc' }],
    ['sort=drop%20table', {}],
  ])('reads %j', (query, expected) => {
    expect(parseListingFilters(query, 500_000)).toEqual({ ...DEFAULT_LISTING, ...expected });
  });

  it('caps prices at the store maximum', () => {
    expect(parseListingFilters('min=20000&max=60000', 50_000)).toEqual({
      ...DEFAULT_LISTING,
      minPrice: 20_000,
    });
  });

  it.each([
    [DEFAULT_LISTING, ''],
    [{ ...DEFAULT_LISTING, category: 3, page: 2 }, 'category=3&page=2'],
    [
      {
        ...DEFAULT_LISTING,
        search: ' lamp ',
        productType: 'Physical Product' as const,
        sort: 'newest' as const,
      },
      'search=lamp&type=Physical+Product&sort=newest',
    ],
    [
      { ...DEFAULT_LISTING, minPrice: 10, maxPrice: 20, itemType: 'free_item' as const },
      'kind=free_item&min=10&max=20',
    ],
  ])('writes %j as %s, and reads it back the same', (filters, query) => {
    expect(listingSearch(filters)).toBe(query);
    expect(parseListingFilters(query)).toEqual({ ...filters, search: filters.search.trim() });
  });

  it('starts again from page 1 when anything but the page changes', () => {
    const on3 = { ...DEFAULT_LISTING, page: 3 };
    expect(changeListing(on3, { sort: 'price_asc' }).page).toBe(1);
    expect(changeListing(on3, { page: 4 }).page).toBe(4);
  });

  it('asks the products call for exactly the filters set, 10 a page', () => {
    expect(productsQuery(DEFAULT_LISTING)).toEqual({ sort: 'relevance', page_number: 1, page_limit: 10 });
    expect(
      productsQuery({
        ...DEFAULT_LISTING,
        category: 4,
        search: ' cup ',
        itemType: ALL_ITEM_TYPES,
        minPrice: 5,
        page: 2,
      }),
    ).toEqual({
      category_id: 4,
      search: 'cup',
      item_type: ALL_ITEM_TYPES,
      min_price: 5,
      sort: 'relevance',
      page_number: 2,
      page_limit: 10,
    });
  });

  it.each([
    [0, 1],
    [10, 1],
    [11, 2],
    [68, 7],
  ])('%i results make %i pages', (total, pages) => {
    expect(pageCount(total)).toBe(pages);
  });
});

const product = (overrides: Partial<Schema<'ProductSummary'>> = {}) =>
  ({
    item_type: 'standard_item',
    purchase_mode: 'checkout_based',
    quantity: 5,
    product_type_name: 'Physical Product',
    ...overrides,
  }) as Schema<'ProductSummary'>;

describe('the product page', () => {
  it.each([
    [product(), false, 'add-to-cart'],
    [product(), true, 'go-to-cart'],
    [product({ item_type: 'request_item' }), false, 'request'],
    [product({ purchase_mode: 'request_based' }), false, 'request'],
    [product({ item_type: 'request_item' }), true, 'go-to-cart'],
    [product({ quantity: 0 }), false, 'out-of-stock'],
    [product({ quantity: 0, product_type_name: 'Digital Product' }), false, 'add-to-cart'],
    [product({ quantity: 0, product_type_name: 'Bundled Product' }), false, 'out-of-stock'],
  ])('%j (in cart: %s) offers %s', (item, inCart, action) => {
    expect(productAction(item, inCart)).toBe(action);
  });

  it.each([
    [{ images: ['a.svg', ' ', 'b.svg'] }, ['a.svg', 'b.svg']],
    [{ images: [], product_image: 'a.svg, b.svg' }, ['a.svg', 'b.svg']],
    [{ product_image: '' }, []],
    [{ product_image: null }, []],
    [{ product_image: ' , a.svg,, b.svg ,' }, ['a.svg', 'b.svg']],
    [{ images: [' ', ''], product_image: 'c.svg' }, ['c.svg']],
  ])('takes the images of %j as %j', (input, images) => {
    expect(productImages(input)).toEqual(images);
  });

  it.each([
    ['assets/p/12.jpg,assets/p/12-side.jpg', 'assets/p/12.jpg'],
    [' assets/p/12.jpg ', 'assets/p/12.jpg'],
    [', ,assets/p/12-side.jpg', 'assets/p/12-side.jpg'],
    ['', ''],
    [' , ', ''],
    [null, ''],
    [undefined, ''],
  ])('the main image of %j is %j (the SDK resolves and checks it)', (paths, main) => {
    expect(mainImage(paths)).toBe(main);
  });

  it.each([
    ['Service Product', true, true],
    ['Service Product', false, false],
    ['Packaged Service Product', false, true],
    ['Physical Product', false, false],
  ] as const)('%s (slot booking %s) needs a slot: %s', (type, booking, needed) => {
    expect(
      needsSlot({
        product_type_name: type,
        type_details: { service: { duration_minutes: 60, service_days: [], slot_booking_required: booking } },
      }),
    ).toBe(needed);
  });

  it.each([
    [[4, 3, 5], 4],
    [[null, 3, 5], 3],
    [[null, undefined, 5], 5],
    [[null, undefined, undefined], 2],
    [[-1, 0], 0],
  ])('estimates delivery from %j as %i days', (candidates, days) => {
    expect(estimatedDeliveryDays(...candidates)).toBe(days);
  });

  it('groups slots by date in order, times in order', () => {
    const slot = (id: number, date: string, start: string) =>
      ({
        slot_id: id,
        product_id: 1,
        slot_date: date,
        start_time: start,
        end_time: start,
        capacity: 1,
        booked: 0,
      }) as Schema<'Slot'>;
    expect(
      slotsByDate([
        slot(1, '2026-11-24', '10:00'),
        slot(2, '2026-11-23', '14:00'),
        slot(3, '2026-11-23', '09:00'),
      ]).map((group) => [group.date, group.slots.map((s) => s.slot_id)]),
    ).toEqual([
      ['2026-11-23', [3, 2]],
      ['2026-11-24', [1]],
    ]);
  });
});

describe('cart amounts', () => {
  const line = (final_price: number, cart_quantity: number, price_visible = true) => ({
    final_price,
    cart_quantity,
    price_visible,
  });
  it.each([
    [[line(10, 2), line(5, 1)], { total: 99 }, { subtotal: 25, hiddenLines: 0, serverTotals: { total: 99 } }],
    [[line(10, 2), line(50, 1, false)], { total: 99 }, { subtotal: 20, hiddenLines: 1, serverTotals: null }],
    [[line(50, 1, false)], null, { subtotal: null, hiddenLines: 1, serverTotals: null }],
    [[], null, { subtotal: null, hiddenLines: 0, serverTotals: null }],
  ])('%j with server totals %j shows %j', (items, summary, shown) => {
    expect(cartTotals(items, summary)).toEqual(shown);
  });

  it.each([
    [5, 5],
    [0, 999],
    [5000, 999],
    [-3, 999],
  ])('stock %i allows at most %i', (stock, most) => {
    expect(maxQuantity(stock)).toBe(most);
  });
});

describe('recently viewed', () => {
  it('keeps the most recent first, each product once, at most 50', () => {
    expect(recordView([3, 2, 1], 2)).toEqual([2, 3, 1]);
    const long = Array.from({ length: 50 }, (_, index) => index + 1);
    expect(recordView(long, 99)).toHaveLength(50);
    expect(recordView(long, 99)[0]).toBe(99);
  });

  it.each([
    [[1, 2, 2, -1, 'x', 3.5, 4], [1, 2, 4], 4],
    ['corrupt', [], 1],
    [null, [], 0],
  ])('[S2] reads a stored %j as %j (%i dropped)', (stored, value, dropped) => {
    expect(sanitizeRecentlyViewed(stored)).toEqual({ value, dropped });
  });
});

describe("a service's slot choice: the shopper's pick wins over what arrives later", () => {
  const offered = [
    { slot_id: 11, capacity: 2, booked: 0 },
    { slot_id: 12, capacity: 2, booked: 1 },
    { slot_id: 13, capacity: 1, booked: 1 },
  ];
  it.each([
    ['a pick on the page wins over nothing held', 11, null, 11],
    ['a pick on the page wins over a slot held from storage', 12, 11, 12],
    ['the same pick and held slot', 11, 11, 11],
    ['no pick keeps what is held', null, 12, 12],
    ['no pick and nothing held', null, null, null],
    ['a full slot is no choice', 13, 11, 11],
    ['a slot not offered is no choice', 99, null, null],
  ] as const)('%s', (_case, picked, held, expected) => {
    expect(settleSlotChoice(picked, held, offered)).toBe(expected);
  });
  it('nothing offered yet keeps what is held', () => {
    expect(settleSlotChoice(11, 12, [])).toBe(12);
  });
});

describe('which product pages show the slot choice', () => {
  const service = (required: boolean) =>
    ({
      product_type_name: 'Service Product',
      type_details: { service: { slot_booking_required: required } },
    }) as unknown as Pick<Schema<'ProductDetail'>, 'product_type_name' | 'type_details'>;
  it.each([
    ['a service that books slots', service(true), true],
    ['a service without required slots', service(false), true],
    ['a packaged service', { ...service(false), product_type_name: 'Packaged Service Product' }, true],
    ['a physical product', { ...service(false), product_type_name: 'Physical Product' }, false],
  ] as const)('%s', (_case, product, expected) => {
    expect(showsSlots(product as Parameters<typeof showsSlots>[0])).toBe(expected);
  });
});
