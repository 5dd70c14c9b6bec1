import type { components } from '@marketkit/sdk';
import { customerOf, productOf, type SandboxContext } from '../core/context.ts';
import { badRequest, notFound, SandboxError } from '../core/errors.ts';
import type { ContractHandlers } from '../core/handler-types.ts';
import type { AddressRecord, CartLineRecord, OrderRecord } from '../core/state.ts';
import { slugify } from '../core/text.ts';
import type { SeedProduct, SeedStore } from '../seed/model.ts';
import {
  availability,
  evaluateCoupon,
  isBookable,
  needsDelivery,
  type PricedLine,
  paginate,
  priceSummary,
  productSummary,
  restrictionsOf,
  round2,
  slotById,
  slotStartsAt,
} from './views.ts';

type S<Name extends keyof components['schemas']> = components['schemas'][Name];

const MAX_QUANTITY = 999;

/** Cart lines of a customer whose products still exist, with their products. */
export function cartLines(context: SandboxContext, store: SeedStore, customerId: number) {
  const lines: (PricedLine & { line: CartLineRecord })[] = [];
  for (const line of context.state.cart) {
    if (line.store !== store.name || line.customer_id !== customerId) continue;
    const found = context.seed.product(line.product_id);
    if (found) lines.push({ line, product: found.product, quantity: line.quantity });
  }
  return lines;
}

export function cartItem(
  context: SandboxContext,
  entry: PricedLine & { line: CartLineRecord },
): S<'CartItem'> {
  const slot =
    entry.line.slot_id === null ? null : (slotById(context.state, entry.product, entry.line.slot_id) ?? null);
  return {
    id: entry.line.id,
    product: entry.product.detail.product_id,
    cart_quantity: entry.line.quantity,
    product_type_name: entry.product.detail.product_type_name,
    product_detail: productSummary(context, entry.product),
    line_total: round2(entry.product.detail.final_price * entry.line.quantity),
    added_at: entry.line.added_at,
    slot,
  };
}

export function cartView(
  context: SandboxContext,
  store: SeedStore,
  customerId: number,
  itemType?: string,
): S<'CustomerCart'> {
  const lines = cartLines(context, store, customerId);
  const kinds = itemType?.split(',');
  const shown = kinds ? lines.filter((l) => kinds.includes(l.product.detail.item_type)) : lines;
  return {
    Products: shown.map((entry) => cartItem(context, entry)),
    total_count: shown.length,
    summary: priceSummary(store, lines, 0, false),
    payment_type_restrictions: restrictionsOf(lines),
  };
}

/** Why a quantity or slot of a product cannot go in the cart, or undefined when it can. */
export function cartRefusal(
  context: SandboxContext,
  product: SeedProduct,
  quantity: number,
  slotId: number | null | undefined,
) {
  if (needsDelivery(product)) {
    if (product.detail.quantity <= 0) return `${product.detail.product_name} is out of stock`;
    if (quantity > product.detail.quantity)
      return `Only ${product.detail.quantity} of ${product.detail.product_name} left in stock`;
  }
  if (slotId !== undefined && slotId !== null) {
    if (!isBookable(product)) return `${product.detail.product_name} has no time slots`;
    const slot = slotById(context.state, product, slotId);
    if (!slot) return `Slot ${slotId} is not a slot of ${product.detail.product_name}`;
    if (slotStartsAt(slot) <= context.now) return 'That slot has already started; choose a later one';
    if (slot.booked >= slot.capacity) return 'That slot is fully booked; choose another one';
  }
  return undefined;
}

function ownAddress(context: SandboxContext, id: number) {
  const { customer, store } = customerOf(context);
  const address = context.state.addresses.find(
    (a) => a.address_id === id && a.customer_id === customer.customer_id && a.store === store.name,
  );
  if (!address) throw notFound(`Address ${id} was not found`);
  return address;
}

function settleDefaults(context: SandboxContext, chosen: AddressRecord) {
  const siblings = context.state.addresses.filter(
    (a) =>
      a.customer_id === chosen.customer_id &&
      a.store === chosen.store &&
      a.address_type === chosen.address_type,
  );
  if (chosen.is_default) for (const a of siblings) a.is_default = a === chosen;
  else if (!siblings.some((a) => a.is_default)) chosen.is_default = true;
}

export const publicAddress = ({
  store: _store,
  customer_id: _customer,
  ...address
}: AddressRecord): S<'Address'> => address;

/** Paid means the money arrived: a completed payment, or nothing to pay. */
export const isPaid = (order: OrderRecord) => order.payment_status === 'Completed';

export const cfsHandlers = {
  getCustomerCart: ({ query }, context) => {
    const { customer, store } = customerOf(context);
    return { body: cartView(context, store, customer.customer_id, query.cart_item_type) };
  },

  addToCustomerCart: ({ body }, context) => {
    const { customer, store } = customerOf(context);
    const rejected: { product: number; response_message: string }[] = [];
    const capped: { product: number; cart_quantity: number; response_message: string }[] = [];
    const wanted = new Map<number, { quantity: number; slot_id: number | undefined }>();
    for (const entry of body.customer_cart) {
      const seen = wanted.get(entry.product);
      wanted.set(entry.product, {
        quantity: (seen?.quantity ?? 0) + entry.cart_quantity,
        slot_id: entry.slot_id ?? seen?.slot_id,
      });
    }
    let added = 0;
    for (const [productId, entry] of wanted) {
      const found = context.seed.product(productId);
      if (!found || found.store.name !== store.name) {
        rejected.push({ product: productId, response_message: `Product ${productId} was not found` });
        continue;
      }
      const existing = context.state.cart.find(
        (l) => l.store === store.name && l.customer_id === customer.customer_id && l.product_id === productId,
      );
      const asked = (existing?.quantity ?? 0) + entry.quantity;
      const quantity = Math.min(MAX_QUANTITY, asked);
      const refusal = cartRefusal(context, found.product, quantity, entry.slot_id);
      if (refusal) {
        rejected.push({ product: productId, response_message: refusal });
        continue;
      }
      if (quantity < asked)
        capped.push({
          product: productId,
          cart_quantity: quantity,
          response_message: `A cart line holds at most ${MAX_QUANTITY} of ${found.product.detail.product_name}; it holds ${quantity}`,
        });
      if (existing) {
        existing.quantity = quantity;
        if (entry.slot_id !== undefined) existing.slot_id = entry.slot_id;
      } else {
        context.state.cart.push({
          id: context.nextId('cart', 70001),
          store: store.name,
          customer_id: customer.customer_id,
          product_id: productId,
          quantity,
          slot_id: entry.slot_id ?? null,
          added_at: context.now.toISOString(),
        });
      }
      added += 1;
    }
    if (added === 0)
      throw new SandboxError(422, rejected[0]?.response_message ?? 'Nothing could be added to the cart');
    const view = cartView(context, store, customer.customer_id);
    const message =
      rejected.length === 0
        ? 'Added to cart'
        : `Added ${added} of ${wanted.size} products; ${rejected.length} could not be added`;
    return {
      body: { Products: view.Products, rejected, capped },
      // Never a plain "Added to cart" when less was added than asked.
      message:
        capped.length === 0
          ? message
          : `${message}; quantity capped at ${MAX_QUANTITY} for ${capped.length} ${capped.length === 1 ? 'product' : 'products'}`,
    };
  },

  clearCustomerCart: (_input, context) => {
    const { customer, store } = customerOf(context);
    context.state.cart = context.state.cart.filter(
      (l) => !(l.store === store.name && l.customer_id === customer.customer_id),
    );
    return { body: { success: true }, message: 'Cart cleared' };
  },

  updateCustomerCartItem: ({ path, body }, context) => {
    const { customer, store } = customerOf(context);
    const line = context.state.cart.find(
      (l) => l.id === path.cartItemId && l.customer_id === customer.customer_id && l.store === store.name,
    );
    if (!line) throw notFound(`Cart item ${path.cartItemId} was not found`);
    const product = productOf(context, store, line.product_id);
    const slotId = body.slot_id === undefined ? line.slot_id : body.slot_id;
    const refusal = cartRefusal(
      context,
      product,
      body.cart_quantity,
      slotId === line.slot_id ? undefined : slotId,
    );
    if (refusal) throw new SandboxError(422, refusal);
    line.quantity = body.cart_quantity;
    line.slot_id = slotId;
    const entry = cartLines(context, store, customer.customer_id).find((l) => l.line.id === line.id);
    if (!entry) throw notFound(`Cart item ${path.cartItemId} was not found`);
    return { body: cartItem(context, entry), message: 'Cart updated' };
  },

  removeCustomerCartItem: ({ path }, context) => {
    const { customer, store } = customerOf(context);
    const before = context.state.cart.length;
    context.state.cart = context.state.cart.filter(
      (l) => !(l.id === path.cartItemId && l.customer_id === customer.customer_id && l.store === store.name),
    );
    if (context.state.cart.length === before) throw notFound(`Cart item ${path.cartItemId} was not found`);
    return { body: { success: true }, message: 'Removed from cart' };
  },

  getCustomerWishlist: ({ query }, context) => {
    const { customer, store } = customerOf(context);
    const kinds = query.wishlist_item_type?.split(',');
    const needle = query.search?.trim().toLowerCase();
    const items: S<'WishlistItem'>[] = [];
    for (const record of context.state.wishlist) {
      if (record.customer_id !== customer.customer_id || record.store !== store.name) continue;
      const found = context.seed.product(record.product_id);
      if (!found) continue;
      const summary = productSummary(context, found.product);
      if (kinds && !kinds.includes(summary.item_type)) continue;
      if (needle && !Object.values(found.product.name).some((name) => name?.toLowerCase().includes(needle)))
        continue;
      items.push({
        id: record.id,
        product: record.product_id,
        product_detail: summary,
        wishlist_item_type: summary.item_type,
        added_at: record.added_at,
      });
    }
    items.sort((a, b) => b.added_at.localeCompare(a.added_at) || b.id - a.id);
    const page = paginate(items, query['page-number'] ?? -1, query['page-limit'] ?? 50);
    return { body: { Products: page.data, total_count: page.total_count } };
  },

  addToCustomerWishlist: ({ body }, context) => {
    const { customer, store } = customerOf(context);
    const product = productOf(context, store, body.product);
    const existing = context.state.wishlist.find(
      (w) =>
        w.customer_id === customer.customer_id && w.store === store.name && w.product_id === body.product,
    );
    const record = existing ?? {
      id: context.nextId('wishlist', 80001),
      store: store.name,
      customer_id: customer.customer_id,
      product_id: body.product,
      added_at: context.now.toISOString(),
    };
    if (!existing) context.state.wishlist.push(record);
    const summary = productSummary(context, product);
    return {
      body: {
        id: record.id,
        product: record.product_id,
        product_detail: summary,
        wishlist_item_type: summary.item_type,
        added_at: record.added_at,
      },
      message: existing ? 'Already in your wishlist' : 'Added to your wishlist',
    };
  },

  removeCustomerWishlistItem: ({ path }, context) => {
    const { customer, store } = customerOf(context);
    const before = context.state.wishlist.length;
    context.state.wishlist = context.state.wishlist.filter(
      (w) => !(w.id === path.wishlistId && w.customer_id === customer.customer_id && w.store === store.name),
    );
    if (context.state.wishlist.length === before)
      throw notFound(`Wishlist item ${path.wishlistId} was not found`);
    return { body: { success: true }, message: 'Removed from your wishlist' };
  },

  checkOrderStatus: ({ path }, context) => {
    const { customer, store } = customerOf(context);
    const order = context.state.orders.find(
      (o) => o.order_id === path.orderId && o.customer_id === customer.customer_id && o.store === store.name,
    );
    if (!order) throw notFound(`Order ${path.orderId} was not found`);
    const paid = isPaid(order);
    return {
      body: {
        order_id: order.order_id,
        payment_status: order.payment_status,
        message: paid ? 'Amount paid for that order' : 'Amount not yet received for that order',
      },
      message: paid ? 'Amount paid for that order' : 'Payment pending',
    };
  },

  getAiConfiguration: (_input, context) => ({ body: { ai_configuration: [customerOf(context).store.ai] } }),

  listAddresses: ({ query }, context) => {
    const { customer, store } = customerOf(context);
    const data = context.state.addresses
      .filter(
        (a) =>
          a.customer_id === customer.customer_id &&
          a.store === store.name &&
          (!query.address_type || a.address_type === query.address_type),
      )
      .map(publicAddress);
    return { body: { data } };
  },

  createAddress: ({ body }, context) => {
    const { customer, store } = customerOf(context);
    const record: AddressRecord = {
      ...body,
      is_default: body.is_default ?? false,
      address_id: context.nextId('address', 90001),
      store: store.name,
      customer_id: customer.customer_id,
    };
    context.state.addresses.push(record);
    settleDefaults(context, record);
    return { body: publicAddress(record), message: 'Address saved' };
  },

  updateAddress: ({ path, body }, context) => {
    const address = ownAddress(context, path.addressId);
    Object.assign(address, { address_line_2: undefined, landmark: undefined }, body, {
      is_default: body.is_default ?? address.is_default,
    });
    if (address.address_line_2 === undefined) delete address.address_line_2;
    if (address.landmark === undefined) delete address.landmark;
    settleDefaults(context, address);
    return { body: publicAddress(address), message: 'Address updated' };
  },

  deleteAddress: ({ path }, context) => {
    const address = ownAddress(context, path.addressId);
    context.state.addresses = context.state.addresses.filter((a) => a !== address);
    const sibling = context.state.addresses.find(
      (a) =>
        a.customer_id === address.customer_id &&
        a.store === address.store &&
        a.address_type === address.address_type,
    );
    if (address.is_default && sibling) sibling.is_default = true;
    return { body: { success: true }, message: 'Address removed' };
  },

  checkPincodeForItems: ({ body }, context) => {
    const { store } = customerOf(context);
    const items = body.product_ids.map((id) => {
      const product = productOf(context, store, id);
      const result = availability(store, product, body.pincode, context.now);
      return {
        product_id: id,
        available: result.available,
        estimated_delivery_days: result.estimated_delivery_days,
        message: result.message,
      };
    });
    return { body: { pincode: body.pincode, all_available: items.every((i) => i.available), items } };
  },

  listCoupons: ({ query }, context) => {
    const { store } = customerOf(context);
    const ids = query.product_ids?.split(',').map(Number);
    const data = store.coupons.filter(
      (c) =>
        (!c.valid_until || new Date(c.valid_until) > context.now) &&
        (!ids || !c.applicable_product_ids || c.applicable_product_ids.some((id) => ids.includes(id))),
    );
    return { body: { data } };
  },

  validateCoupon: ({ body }, context) => {
    const { store } = customerOf(context);
    const lines = body.products.map((p) => ({
      product: productOf(context, store, p.product_id),
      quantity: p.quantity,
    }));
    const result = evaluateCoupon(store, body.coupon_code, lines, context.now);
    if (!result.coupon) throw notFound(result.message);
    // The contract: an expired or inapplicable code is refused with its reason, like applying it would be.
    if (!result.valid)
      throw badRequest(result.message, [
        { field: 'coupon_code', code: 'NOT_ALLOWED', message: result.message },
      ]);
    const summary = priceSummary(
      store,
      lines,
      result.valid ? result.discount : 0,
      result.valid && result.free,
    );
    return {
      body: {
        valid: result.valid,
        coupon_code: result.coupon.coupon_code,
        coupon_discount: summary.coupon_discount,
        makes_order_free: result.valid && result.free,
        summary,
        message: result.message,
      },
      message: result.message,
    };
  },

  createEnquiry: ({ body }, context) => {
    const { customer, store } = customerOf(context);
    const product = productOf(context, store, body.product_id);
    const enquiry = {
      enquiry_id: context.nextId('enquiry', 40001),
      product_id: body.product_id,
      product_name: product.detail.product_name,
      subject: body.subject,
      message: body.message,
      status: 'open' as const,
      answer: null,
      created_at: context.now.toISOString(),
    };
    context.state.enquiries.push({ ...enquiry, store: store.name, customer_id: customer.customer_id });
    return { body: enquiry, message: 'Thanks! The store will answer your question soon' };
  },

  listEnquiries: ({ query }, context) => {
    const { customer, store } = customerOf(context);
    const mine = context.state.enquiries
      .filter(
        (e) =>
          e.customer_id === customer.customer_id &&
          e.store === store.name &&
          (query.product_id === undefined || e.product_id === query.product_id),
      )
      .map(({ store: _s, customer_id: _c, ...enquiry }) => enquiry)
      .sort((a, b) => b.enquiry_id - a.enquiry_id);
    return { body: paginate(mine, query.page_number, query.page_limit, 10) };
  },

  createRating: ({ body }, context) => {
    const { customer, store } = customerOf(context);
    productOf(context, store, body.product_id);
    const existing = context.state.ratings.find(
      (r) => r.customer_id === customer.customer_id && r.product_id === body.product_id,
    );
    const record = existing ?? {
      rating_id: context.nextId('rating', 60001),
      store: store.name,
      customer_id: customer.customer_id,
      customer_name: `${customer.first_name} ${customer.last_name.slice(0, 1)}.`.trim(),
      product_id: body.product_id,
      rating: body.rating,
      title: '',
      review: '',
      created_at: context.now.toISOString(),
    };
    record.rating = body.rating;
    record.title = body.title ?? '';
    record.review = body.review ?? '';
    if (!existing) context.state.ratings.push(record);
    const { store: _s, customer_id: _c, customer_name: _n, ...rating } = record;
    return { body: rating, message: existing ? 'Your rating was updated' : 'Thanks for your rating' };
  },

  listDigitalProducts: (_input, context) => {
    const { customer, store } = customerOf(context);
    const data: S<'DigitalPurchase'>[] = [];
    for (const order of context.state.orders) {
      if (order.customer_id !== customer.customer_id || order.store !== store.name || !isPaid(order))
        continue;
      for (const item of order.items) {
        if (item.product_type_name !== 'Digital Product' || item.item_status === 'Cancelled') continue;
        const product = context.seed.product(item.product_id)?.product;
        const digital = product?.detail.type_details.digital;
        if (!digital) continue;
        data.push({
          order_id: order.order_id,
          order_item_id: item.order_item_id,
          product_id: item.product_id,
          product_name: item.product_name,
          file_format: digital.file_format,
          file_size_bytes: digital.file_size_bytes,
          downloads_left:
            item.download_limit === null ? null : Math.max(0, item.download_limit - item.downloads_used),
          purchased_at: order.created_at,
        });
      }
    }
    return { body: { data } };
  },

  downloadDigitalProduct: ({ path }, context) => {
    const { customer, store } = customerOf(context);
    for (const order of context.state.orders) {
      if (order.customer_id !== customer.customer_id || order.store !== store.name) continue;
      const item = order.items.find((i) => i.order_item_id === path.orderItemId);
      if (!item) continue;
      const digital = context.seed.product(item.product_id)?.product.detail.type_details.digital;
      if (!digital) throw badRequest('That order item is not a download');
      if (!isPaid(order) || item.item_status === 'Cancelled')
        throw new SandboxError(403, 'The download is available once the order is paid');
      if (item.download_limit !== null && item.downloads_used >= item.download_limit)
        throw new SandboxError(403, 'No downloads are left for this purchase');
      item.downloads_used += 1;
      const size = digital.file_size_bytes;
      const header = new TextEncoder().encode(
        `Marketkit sandbox download: ${item.product_name} (order ${order.order_number})\n`,
      );
      let sent = 0;
      const chunk = new Uint8Array(64 * 1024).fill(0x2e);
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= size) return controller.close();
          const piece =
            sent === 0 ? header.slice(0, size) : chunk.subarray(0, Math.min(chunk.length, size - sent));
          sent += piece.length;
          controller.enqueue(piece);
        },
      });
      const slug = slugify(item.product_name) || 'download';
      return {
        kind: 'file' as const,
        body,
        size,
        contentType: 'application/octet-stream',
        filename: `${slug}.${digital.file_format.toLowerCase()}`,
      };
    }
    throw notFound(`Order item ${path.orderItemId} was not found`);
  },
} satisfies Partial<ContractHandlers>;
