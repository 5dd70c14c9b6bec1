import { type Schema, splitAssetList } from '@marketkit/sdk';

/** What the product's main button does. */
export type ProductAction = 'request' | 'go-to-cart' | 'add-to-cart' | 'out-of-stock';

/**
 * A product already in the cart offers "Go to cart"; request-based products are requested, never
 * added; a physical or bundled product with no stock cannot be added.
 */
export function productAction(
  product: Pick<Schema<'ProductSummary'>, 'item_type' | 'purchase_mode' | 'quantity' | 'product_type_name'>,
  inCart: boolean,
): ProductAction {
  if (inCart) return 'go-to-cart';
  if (product.item_type === 'request_item' || product.purchase_mode === 'request_based') return 'request';
  const stocked =
    product.product_type_name === 'Physical Product' || product.product_type_name === 'Bundled Product';
  if (stocked && product.quantity <= 0) return 'out-of-stock';
  return 'add-to-cart';
}

/** Whether buying needs a chosen slot first (services that book slots). */
export const needsSlot = (product: Pick<Schema<'ProductDetail'>, 'product_type_name' | 'type_details'>) =>
  (product.product_type_name === 'Service Product' &&
    product.type_details.service?.slot_booking_required === true) ||
  product.product_type_name === 'Packaged Service Product';

/** Whether a product page shows the slot choice (every service; only some must have one chosen). */
export const showsSlots = (product: Pick<Schema<'ProductDetail'>, 'product_type_name' | 'type_details'>) =>
  needsSlot(product) || product.product_type_name === 'Service Product';

/** Whether a product page offers the delivery check by pincode. */
export const checksDelivery = (product: Pick<Schema<'ProductSummary'>, 'product_type_name'>) =>
  product.product_type_name === 'Physical Product' || product.product_type_name === 'Bundled Product';

/**
 * A product's image paths: `images`, else the comma-separated `product_image`; blank entries dropped
 * (the SDK's `splitAssetList`). Resolve them with `client.imageUrls()`, which also drops unsafe ones.
 */
export function productImages(product: {
  images?: readonly string[];
  product_image?: string | null;
}): string[] {
  const images = splitAssetList(product.images);
  return images.length > 0 ? images : splitAssetList(product.product_image);
}

/** The estimated delivery in days when the store or the product gives none. */
export const DEFAULT_DELIVERY_DAYS = 2;

/**
 * Days to deliver: what the pincode check answered, else the product's own estimate, else the
 * store's, else 2. Unknown values (null, negative) are skipped.
 */
export function estimatedDeliveryDays(...candidates: readonly (number | null | undefined)[]): number {
  return (
    candidates.find((days): days is number => typeof days === 'number' && days >= 0) ?? DEFAULT_DELIVERY_DAYS
  );
}

/** Slots grouped by date, dates and times in order; full slots kept (shown as unavailable). */
export function slotsByDate(slots: readonly Schema<'Slot'>[]): { date: string; slots: Schema<'Slot'>[] }[] {
  const groups = new Map<string, Schema<'Slot'>[]>();
  for (const slot of [...slots].sort((a, b) =>
    a.slot_date === b.slot_date
      ? a.start_time.localeCompare(b.start_time)
      : a.slot_date.localeCompare(b.slot_date),
  )) {
    const group = groups.get(slot.slot_date) ?? [];
    group.push(slot);
    groups.set(slot.slot_date, group);
  }
  return [...groups].map(([date, list]) => ({ date, slots: list }));
}

export const isSlotFull = (slot: Pick<Schema<'Slot'>, 'capacity' | 'booked'>) => slot.booked >= slot.capacity;

/**
 * The slot a service's page holds once its code has the page. The shopper's pick on the page (made
 * before the code ran, when nothing could record it) wins over the slot held in state, which came from
 * storage or a render made before that pick; a pick of a slot not offered, or full, is no choice.
 */
export function settleSlotChoice(
  picked: number | null,
  held: number | null,
  offered: readonly Pick<Schema<'Slot'>, 'slot_id' | 'capacity' | 'booked'>[],
): number | null {
  const bookable = offered.some((slot) => slot.slot_id === picked && !isSlotFull(slot));
  return picked !== null && bookable ? picked : held;
}
