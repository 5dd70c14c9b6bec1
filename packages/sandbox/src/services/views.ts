import type { components } from '@marketkit/sdk';
import type { SandboxContext } from '../core/context.ts';
import type { SandboxState } from '../core/state.ts';
import type { Localized, SeedProduct, SeedStore } from '../seed/model.ts';

type S<Name extends keyof components['schemas']> = components['schemas'][Name];

import { round2 } from '../core/text.ts';

export { round2 };
export const DAY_MS = 86_400_000;
export const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Text in the caller's language (`fr`, `fr_FR`…), else English. */
export function localize(text: Localized, language: string) {
  if (!language) return text.en;
  return text[language] ?? text[language.split(/[_-]/)[0] ?? ''] ?? text.en;
}

export function currencyCode(store: SeedStore) {
  return store.settings.store_currency?.iso_code ?? store.currency_code;
}

/** A product as grids, carts and wishlists list it, in the caller's language. */
export function productSummary(context: SandboxContext, product: SeedProduct): S<'ProductSummary'> {
  const {
    category_path: _path,
    description_html: _html,
    images: _images,
    policy: _policy,
    seller_name: _seller,
    specifications: _specs,
    type_details: _details,
    ...summary
  } = product.detail;
  return {
    ...summary,
    product_name: localize(product.name, context.language),
    rating: currentRating(context.state, product).rating,
  };
}

export function productDetail(context: SandboxContext, product: SeedProduct): S<'ProductDetail'> {
  const rating = currentRating(context.state, product);
  return {
    ...product.detail,
    product_name: localize(product.name, context.language),
    rating: rating.rating,
    rating_count: rating.count,
  };
}

/** Seeded ratings plus those customers wrote since. */
export function currentRating(state: SandboxState, product: SeedProduct) {
  const own = state.ratings.filter((rating) => rating.product_id === product.detail.product_id);
  const seededCount = product.detail.rating_count ?? 0;
  const count = seededCount + own.length;
  if (count === 0) return { rating: 0, count: 0 };
  const sum = product.detail.rating * seededCount + own.reduce((total, rating) => total + rating.rating, 0);
  return { rating: Math.round((sum / count) * 10) / 10, count };
}

const needsDelivery = (product: SeedProduct) =>
  product.detail.product_type_name === 'Physical Product' ||
  product.detail.product_type_name === 'Bundled Product';

export { needsDelivery };

/** Whether and when a product reaches a pincode. */
export function availability(store: SeedStore, product: SeedProduct, pincode: string, now: Date) {
  if (!needsDelivery(product)) {
    return {
      available: true,
      estimated_delivery_days: null,
      estimated_delivery_date: null,
      message: 'No delivery needed',
    };
  }
  if (product.detail.quantity <= 0) {
    return {
      available: false,
      estimated_delivery_days: null,
      estimated_delivery_date: null,
      message: 'Out of stock',
    };
  }
  const prefixes = product.serviceable_prefixes;
  if (prefixes && !prefixes.some((prefix) => pincode.startsWith(prefix))) {
    return {
      available: false,
      estimated_delivery_days: null,
      estimated_delivery_date: null,
      message: `Not delivered to ${pincode}`,
    };
  }
  const base =
    product.detail.type_details.physical?.estimated_delivery_days ?? store.settings.estimated_delivery_days;
  const days = base + (pincode.startsWith(product.home_prefix) ? 0 : 2);
  const date = isoDate(new Date(now.getTime() + days * DAY_MS));
  return {
    available: true,
    estimated_delivery_days: days,
    estimated_delivery_date: date,
    message: `Delivered in ${days} days (by ${date})`,
  };
}

// ---- Slots: generated from the product's service days, so they always lie ahead of "now". ----

const WEEKDAYS: S<'WeekdayAbbreviation'>[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

export const isBookable = (product: SeedProduct) =>
  product.detail.product_type_name === 'Service Product' ||
  product.detail.product_type_name === 'Packaged Service Product';

function slotTimes(product: SeedProduct) {
  const minutes = product.detail.type_details.service?.duration_minutes ?? 60;
  return minutes >= 180 ? ['09:00', '14:00'] : ['09:00', '11:00', '14:00', '16:00'];
}

const addMinutes = (time: string, minutes: number) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

export function slotId(productId: number, epochDay: number, index: number) {
  return productId * 1_000_000 + (epochDay % 100_000) * 10 + index;
}

export function decodeSlotId(id: number) {
  return { productId: Math.floor(id / 1_000_000), epochDay: Math.floor(id / 10) % 100_000, index: id % 10 };
}

function activeBookings(state: SandboxState, id: number) {
  return state.bookings.filter((booking) => booking.slot_id === id && booking.status !== 'cancelled').length;
}

/** One slot, or undefined when the id does not name a slot of this product. */
export function slotById(state: SandboxState, product: SeedProduct, id: number): S<'Slot'> | undefined {
  const { productId, epochDay, index } = decodeSlotId(id);
  if (productId !== product.detail.product_id || !isBookable(product)) return undefined;
  const date = new Date(epochDay * DAY_MS);
  const days = product.detail.type_details.service?.service_days ?? [
    'mon',
    'tue',
    'wed',
    'thu',
    'fri',
    'sat',
  ];
  if (!days.includes(WEEKDAYS[date.getUTCDay()] as S<'WeekdayAbbreviation'>)) return undefined;
  const start = slotTimes(product)[index];
  if (!start) return undefined;
  const duration = product.detail.type_details.service?.duration_minutes ?? 60;
  return {
    slot_id: id,
    product_id: productId,
    slot_date: isoDate(date),
    start_time: start,
    end_time: addMinutes(start, duration),
    capacity: 3,
    booked: Math.min(3, (id % 7 === 0 ? 2 : id % 3 === 0 ? 1 : 0) + activeBookings(state, id)),
  };
}

export function slotsBetween(state: SandboxState, product: SeedProduct, from: Date, to: Date) {
  const slots: S<'Slot'>[] = [];
  const first = Math.floor(from.getTime() / DAY_MS);
  const last = Math.min(Math.floor(to.getTime() / DAY_MS), first + 60);
  for (let day = first; day <= last; day += 1) {
    slotTimes(product).forEach((_, index) => {
      const slot = slotById(state, product, slotId(product.detail.product_id, day, index));
      if (slot) slots.push(slot);
    });
  }
  return slots;
}

export const slotStartsAt = (slot: S<'Slot'>) => new Date(`${slot.slot_date}T${slot.start_time}:00.000Z`);

// ---- Money ----

export interface PricedLine {
  product: SeedProduct;
  quantity: number;
}

/** How a coupon applies to some lines. */
export function evaluateCoupon(store: SeedStore, code: string, lines: PricedLine[], now: Date) {
  const coupon = store.coupons.find((c) => c.coupon_code.toUpperCase() === code.toUpperCase());
  if (!coupon)
    return {
      coupon: undefined,
      valid: false,
      discount: 0,
      free: false,
      message: 'This coupon code does not exist',
    } as const;
  if (coupon.valid_until && new Date(coupon.valid_until) < now) {
    return { coupon, valid: false, discount: 0, free: false, message: 'This coupon has expired' };
  }
  const payable = lines.filter((line) => line.product.detail.purchase_mode === 'checkout_based');
  const eligible = payable.filter(
    (line) =>
      !coupon.applicable_product_ids ||
      coupon.applicable_product_ids.includes(line.product.detail.product_id),
  );
  const eligibleTotal = round2(
    eligible.reduce((sum, line) => sum + line.product.detail.final_price * line.quantity, 0),
  );
  const orderTotal = round2(
    payable.reduce((sum, line) => sum + line.product.detail.final_price * line.quantity, 0),
  );
  if (eligible.length === 0)
    return {
      coupon,
      valid: false,
      discount: 0,
      free: false,
      message: 'This coupon does not apply to these products',
    };
  if (orderTotal < coupon.min_order_value) {
    return {
      coupon,
      valid: false,
      discount: 0,
      free: false,
      message: `Add ${round2(coupon.min_order_value - orderTotal)} more to use this coupon`,
    };
  }
  if (coupon.discount_type === 'free_order')
    return {
      coupon,
      valid: true,
      discount: orderTotal,
      free: true,
      message: 'Coupon applied: this order is free',
    };
  let discount =
    coupon.discount_type === 'percentage'
      ? (eligibleTotal * coupon.discount_value) / 100
      : Math.min(coupon.discount_value, eligibleTotal);
  if (coupon.max_discount !== null) discount = Math.min(discount, coupon.max_discount);
  return {
    coupon,
    valid: true,
    discount: round2(discount),
    free: false,
    message: `Coupon applied: you save ${round2(discount)}`,
  };
}

/** Totals of some lines: request-based lines are quoted later and not counted. */
export function priceSummary(
  store: SeedStore,
  lines: PricedLine[],
  couponDiscount: number,
  freeOrder: boolean,
): S<'PriceSummary'> {
  const payable = lines.filter((line) => line.product.detail.purchase_mode === 'checkout_based');
  const subtotal = round2(
    payable.reduce((sum, line) => sum + line.product.detail.product_price * line.quantity, 0),
  );
  const discount = round2(
    payable.reduce(
      (sum, line) =>
        sum + (line.product.detail.product_price - line.product.detail.final_price) * line.quantity,
      0,
    ),
  );
  const afterDiscount = round2(subtotal - discount);
  // Free items ship free: delivery is charged only when something with a price is delivered.
  const delivery =
    payable.some((line) => needsDelivery(line.product) && line.product.detail.final_price > 0) &&
    afterDiscount < store.free_delivery_over
      ? store.delivery_fee
      : 0;
  const coupon = freeOrder ? round2(afterDiscount + delivery) : Math.min(couponDiscount, afterDiscount);
  return {
    currency_code: currencyCode(store),
    subtotal,
    discount,
    coupon_discount: round2(coupon),
    delivery_charge: delivery,
    tax: 0,
    total: Math.max(0, round2(afterDiscount - coupon + delivery)),
  };
}

export function restrictionsOf(lines: PricedLine[]): S<'PaymentTypeRestrictions'> {
  const payable = lines.filter(
    (line) => line.product.detail.purchase_mode === 'checkout_based' && line.product.detail.final_price > 0,
  );
  return {
    pay_on_delivery: payable.length > 0 && payable.every((line) => line.product.detail.pay_on_delivery),
    online_payment: payable.length > 0 && payable.every((line) => line.product.detail.online_payment),
  };
}

/** Paginates with the contract's rules: page numbers are 1-based, -1 returns everything. */
export function paginate<T>(
  items: T[],
  pageNumber: number | undefined,
  pageLimit: number | undefined,
  defaultLimit = 10,
) {
  const limit = pageLimit ?? defaultLimit;
  const page = pageNumber ?? 1;
  if (page === -1)
    return { data: items, total_count: items.length, page_number: -1, page_limit: items.length };
  const start = (Math.max(1, page) - 1) * limit;
  return {
    data: items.slice(start, start + limit),
    total_count: items.length,
    page_number: Math.max(1, page),
    page_limit: limit,
  };
}
