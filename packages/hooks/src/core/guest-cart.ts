import { type Schema, splitAssetList } from '@marketkit/sdk';
import { PRODUCT_TYPES } from './product-types.ts';

type ProductSummary = Schema<'ProductSummary'>;

/** The most units of one product a cart line may hold. */
export const MAX_CART_QUANTITY = 999;

/** The most a shopper may choose: the stock (services and digital goods report capacity), 1–999. */
export const maxQuantity = (stock: number) =>
  Math.max(1, Math.min(MAX_CART_QUANTITY, stock > 0 ? stock : MAX_CART_QUANTITY));

/** Why an add put fewer units in the cart than asked: the stock left, or the most a line holds (999). */
export type CartCapReason = 'stock' | 'line-limit';

/** An add or a quantity cut to the cap: the units asked for, and the units the cart's line holds now. */
export interface CartQuantityCap {
  requested: number;
  allowed: number;
  reason: CartCapReason;
}

/**
 * The quantity an add (or a line's new quantity) sends, and whether it was cut: a whole number
 * (anything else counts as 1) up to the stock (services and digital goods report capacity) and never
 * past 999. Nothing cut: `capped` null.
 */
export function capCartQuantity(
  requested: unknown,
  stock: number,
): { quantity: number; capped: CartQuantityCap | null } {
  const asked = wholeQuantity(requested);
  if (asked === undefined) return { quantity: 1, capped: null };
  const allowed = maxQuantity(stock);
  if (asked <= allowed) return { quantity: asked, capped: null };
  return {
    quantity: allowed,
    capped: { requested: asked, allowed, reason: allowed < MAX_CART_QUANTITY ? 'stock' : 'line-limit' },
  };
}

/**
 * What a cart's summary may show: a hidden price never appears, not even inside a total, so with
 * any hidden line only the shown lines' subtotal is given and the server's totals are left out.
 */
export function cartTotals<Summary>(
  items: readonly Pick<CartLine, 'price_visible' | 'final_price' | 'cart_quantity'>[],
  serverSummary: Summary | null,
): { subtotal: number | null; hiddenLines: number; serverTotals: Summary | null } {
  const shown = items.filter((item) => item.price_visible);
  const hiddenLines = items.length - shown.length;
  return {
    subtotal:
      shown.length > 0 ? shown.reduce((sum, item) => sum + item.final_price * item.cart_quantity, 0) : null,
    hiddenLines,
    serverTotals: hiddenLines === 0 ? serverSummary : null,
  };
}

/** A guest's cart line as stored on the device. */
export interface GuestCartItem {
  key: string;
  productId: number;
  productName: string;
  productPrice: number;
  sellingPrice: number;
  /** Units the product had in stock when added. */
  quantity: number;
  discountDetails: Schema<'DiscountDetails'> | null;
  productImage: string;
  cartQuantity: number;
  addedQuantity: number;
  product_type_name: Schema<'ProductTypeName'>;
  slotId: number | null;
  /** False when the store hides this product's price (absent in carts saved before it was kept). */
  priceVisible?: boolean;
  /** The server's message when it refused this line during a merge. */
  error?: string;
}

/** A guest's cart as stored on the device. */
export interface GuestCartState {
  items: GuestCartItem[];
}

/** A guest cart with nothing in it. */
export const EMPTY_GUEST_CART: GuestCartState = { items: [] };

/** A change to a guest cart (see `guestCartReducer`). */
export type GuestCartEvent =
  | { type: 'add'; product: ProductSummary; quantity?: number; slotId?: number | null }
  | { type: 'setQuantity'; key: string; quantity: number }
  | { type: 'remove'; key: string }
  | { type: 'clear' }
  /** The server accepted these products during a merge: they leave the local cart. */
  | { type: 'merged'; productIds: number[] }
  /** The server refused a product during a merge: it stays, with the server's message. */
  | { type: 'rejected'; productId: number; message: string };

/** A guest line's key (its `id` in `useCart().lines`): `p{productId}`. */
export const guestCartKey = (productId: number) => `p${productId}`;

/** Cart quantities are integers from 1 to 999; anything else is not a quantity. */
export function toCartQuantity(value: unknown): number | undefined {
  const parsed = wholeQuantity(value);
  return parsed === undefined ? undefined : Math.min(parsed, MAX_CART_QUANTITY);
}

/** A whole number of at least 1 (a number truncated, a numeric string parsed), before any cap; else undefined. */
function wholeQuantity(value: unknown): number | undefined {
  const parsed =
    typeof value === 'number'
      ? Math.trunc(value)
      : typeof value === 'string'
        ? Number.parseInt(value, 10)
        : Number.NaN;
  return Number.isFinite(parsed) && parsed >= 1 ? parsed : undefined;
}

/** Whether a product has a line in a guest cart. */
export const isInGuestCart = (state: GuestCartState, productId: number) =>
  state.items.some((item) => item.productId === productId);

/** The guest cart (one entry per product; adding again updates that entry, latest quantity wins). */
export function guestCartReducer(state: GuestCartState, event: GuestCartEvent): GuestCartState {
  switch (event.type) {
    case 'add': {
      const quantity = toCartQuantity(event.quantity ?? 1) ?? 1;
      const product = event.product;
      const entry: GuestCartItem = {
        key: guestCartKey(product.product_id),
        productId: product.product_id,
        productName: product.product_name,
        productPrice: product.product_price,
        sellingPrice: product.final_price,
        quantity: product.quantity,
        discountDetails: product.discount_details ?? null,
        productImage: product.product_image,
        cartQuantity: quantity,
        addedQuantity: quantity,
        product_type_name: product.product_type_name,
        slotId: event.slotId ?? null,
        ...(product.price_visibility === false ? { priceVisible: false } : {}),
      };
      const index = state.items.findIndex((item) => item.productId === product.product_id);
      if (index === -1) return { items: [...state.items, entry] };
      const items = [...state.items];
      const previous = items[index] as GuestCartItem;
      items[index] = { ...entry, slotId: event.slotId === undefined ? previous.slotId : entry.slotId };
      return { items };
    }
    case 'setQuantity': {
      const quantity = toCartQuantity(event.quantity);
      if (quantity === undefined) return state;
      return {
        items: state.items.map((item) =>
          item.key === event.key ? { ...item, cartQuantity: quantity } : item,
        ),
      };
    }
    case 'remove':
      return { items: state.items.filter((item) => item.key !== event.key) };
    case 'clear':
      return EMPTY_GUEST_CART;
    case 'merged': {
      const merged = new Set(event.productIds);
      return { items: state.items.filter((item) => !merged.has(item.productId)) };
    }
    case 'rejected':
      return {
        items: state.items.map((item) =>
          item.productId === event.productId ? { ...item, error: event.message } : item,
        ),
      };
    default:
      event satisfies never;
      return state;
  }
}

/**
 * One line of a cart as `useCart().lines` gives it: the same fields whether it is a signed-in
 * shopper's server line or a guest's line on this device. The names follow the contract's
 * (`product_name`, `cart_quantity`), so a line reads like the product it came from.
 */
export interface CartLine {
  /** What `setQuantity` and `remove` take: the server's line id (a number), or a guest key (`p{productId}`). */
  id: string | number;
  /** The product's id. */
  product: number;
  /** The product's name. */
  product_name: string;
  /** The price before any discount. */
  product_price: number;
  /** The price a unit sells for (after the product's own discount). */
  final_price: number;
  /** Units the product had in stock (services and digital goods report capacity): the most one may choose. */
  stock: number;
  /** The product's own discount, if any. */
  discount_details: Schema<'DiscountDetails'> | null;
  /** The product's first image path (resolve with `client.assetUrl`); empty when it has none. */
  image: string;
  /** Units of it in the cart. */
  cart_quantity: number;
  /** Physical, service, digital… (decides slots and delivery). */
  product_type_name: Schema<'ProductTypeName'>;
  /** The booked slot of a service, else null. */
  slot_id: number | null;
  /** Whether the price may be shown (spec: `price_visibility` false hides it everywhere). */
  price_visible: boolean;
  /**
   * The server's own words when it refused this entry during the guest-cart merge (it stays on this
   * device). Absent on every other line.
   */
  error?: string;
}

/** First of the comma-separated image paths (the SDK's `splitAssetList`), or empty (use the placeholder). */
export const mainImage = (paths: string | null | undefined) => splitAssetList(paths)[0] ?? '';

/** A guest's stored lines as cart lines. */
export function guestCartDisplay(state: GuestCartState): CartLine[] {
  return state.items.map((item) => ({
    id: item.key,
    product: item.productId,
    product_name: item.productName,
    product_price: item.productPrice,
    final_price: item.sellingPrice,
    stock: item.quantity,
    discount_details: item.discountDetails,
    image: mainImage(item.productImage),
    cart_quantity: item.cartQuantity,
    product_type_name: item.product_type_name,
    slot_id: item.slotId,
    price_visible: item.priceVisible !== false,
    ...(item.error ? { error: item.error } : {}),
  }));
}

/**
 * What a signed-in shopper still sees of this device's cart: the entries the server refused during the
 * merge, with its message (they stay local). They are not cart lines: not counted, never
 * checked out. Entries still waiting for the merge are not shown.
 */
export const refusedGuestCartDisplay = (state: GuestCartState): CartLine[] =>
  guestCartDisplay({ items: state.items.filter((item) => item.error !== undefined) });

/** The server cart's `Products` as cart lines. */
export function serverCartDisplay(lines: readonly Schema<'CartItem'>[]): CartLine[] {
  return lines.map((line) => ({
    id: line.id,
    product: line.product,
    product_name: line.product_detail.product_name,
    product_price: line.product_detail.product_price,
    final_price: line.product_detail.final_price,
    stock: line.product_detail.quantity,
    discount_details: line.product_detail.discount_details ?? null,
    image: mainImage(line.product_detail.product_image),
    cart_quantity: line.cart_quantity,
    product_type_name: line.product_type_name,
    slot_id: line.slot?.slot_id ?? null,
    price_visible: line.product_detail.price_visibility !== false,
  }));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isAmount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;
const KNOWN_PRODUCT_TYPES = new Set<string>(PRODUCT_TYPES);

/**
 * Checks a stored guest cart: keeps every valid line (quantities clamped to integers 1–999, one line
 * per product, at most 200 lines) and reports how many were dropped.
 */
export function sanitizeGuestCart(value: unknown): { state: GuestCartState; dropped: number } {
  const raw = isObject(value) && Array.isArray(value.items) ? value.items : Array.isArray(value) ? value : [];
  const items: GuestCartItem[] = [];
  const seen = new Set<number>();
  let dropped = 0;
  for (const entry of raw) {
    if (!isObject(entry)) {
      dropped += 1;
      continue;
    }
    const productId = entry.productId;
    const cartQuantity = toCartQuantity(entry.cartQuantity);
    if (
      typeof productId !== 'number' ||
      !Number.isInteger(productId) ||
      productId < 1 ||
      seen.has(productId) ||
      cartQuantity === undefined ||
      !isText(entry.productName) ||
      !isAmount(entry.productPrice) ||
      !isAmount(entry.sellingPrice) ||
      !KNOWN_PRODUCT_TYPES.has(String(entry.product_type_name)) ||
      items.length >= 200
    ) {
      dropped += 1;
      continue;
    }
    seen.add(productId);
    const discount =
      isObject(entry.discountDetails) &&
      (entry.discountDetails.discount_type === 'percentage' ||
        entry.discountDetails.discount_type === 'flat') &&
      isAmount(entry.discountDetails.discount_value)
        ? {
            discount_type: entry.discountDetails.discount_type as 'percentage' | 'flat',
            discount_value: entry.discountDetails.discount_value,
          }
        : null;
    items.push({
      key: guestCartKey(productId),
      productId,
      productName: entry.productName,
      productPrice: entry.productPrice,
      sellingPrice: entry.sellingPrice,
      quantity: isAmount(entry.quantity) ? Math.trunc(entry.quantity) : 0,
      discountDetails: discount,
      productImage: isText(entry.productImage) ? entry.productImage : '',
      cartQuantity,
      addedQuantity: toCartQuantity(entry.addedQuantity) ?? cartQuantity,
      product_type_name: entry.product_type_name as Schema<'ProductTypeName'>,
      slotId:
        typeof entry.slotId === 'number' && Number.isInteger(entry.slotId) && entry.slotId > 0
          ? entry.slotId
          : null,
      ...(entry.priceVisible === false ? { priceVisible: false } : {}),
      ...(isText(entry.error) ? { error: entry.error } : {}),
    });
  }
  return { state: { items }, dropped };
}

// ---- Slot selections and the single buy-now item ----

/** A chosen slot of a product. */
export interface SlotSelection {
  /** The slot. */
  id: number;
  /** The product it was chosen for. */
  product: number;
}

/** A change to the chosen slots (see `slotReducer`). */
export type SlotEvent =
  | { type: 'select'; slot: SlotSelection }
  | { type: 'removeById'; id: number }
  | { type: 'removeByProduct'; product: number }
  | { type: 'clear' };

/** One slot per product: choosing another replaces it. */
export function slotReducer(state: readonly SlotSelection[], event: SlotEvent): SlotSelection[] {
  switch (event.type) {
    case 'select':
      return [...state.filter((slot) => slot.product !== event.slot.product), event.slot];
    case 'removeById':
      return state.filter((slot) => slot.id !== event.id);
    case 'removeByProduct':
      return state.filter((slot) => slot.product !== event.product);
    case 'clear':
      return [];
    default:
      event satisfies never;
      return [...state];
  }
}

/** Checks stored slot selections: keeps valid ones, one per product. */
export function sanitizeSlots(value: unknown): SlotSelection[] {
  if (!Array.isArray(value)) return [];
  const byProduct = new Map<number, SlotSelection>();
  for (const entry of value) {
    if (
      isObject(entry) &&
      Number.isInteger(entry.id) &&
      Number.isInteger(entry.product) &&
      (entry.id as number) > 0 &&
      (entry.product as number) > 0
    ) {
      byProduct.set(entry.product as number, { id: entry.id as number, product: entry.product as number });
    }
  }
  return [...byProduct.values()];
}

/** The single item a shopper chose to buy now (kept across sign-in). */
export interface BuyNowItem {
  /** The product. */
  productId: number;
  /** Units, a whole number from 1 to 999. */
  quantity: number;
  /** The chosen slot of a service, else null. */
  slotId: number | null;
}

/** Checks a stored buy-now item: null unless it is whole and valid. */
export function sanitizeBuyNow(value: unknown): BuyNowItem | null {
  if (!isObject(value) || !Number.isInteger(value.productId) || (value.productId as number) < 1) return null;
  const quantity = toCartQuantity(value.quantity);
  if (quantity === undefined) return null;
  return {
    productId: value.productId as number,
    quantity,
    slotId: Number.isInteger(value.slotId) && (value.slotId as number) > 0 ? (value.slotId as number) : null,
  };
}
