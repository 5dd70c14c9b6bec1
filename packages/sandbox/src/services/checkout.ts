import type { components } from '@marketkit/sdk';
import { customerOf, productOf, type SandboxContext } from '../core/context.ts';
import { randomId } from '../core/crypto.ts';
import { badRequest, conflict, notFound, SandboxError } from '../core/errors.ts';
import type { ContractHandlers } from '../core/handler-types.ts';
import type { CheckoutRecord } from '../core/state.ts';
import type { SeedStore } from '../seed/model.ts';
import { cartLines, cartRefusal } from './cfs.ts';
import {
  availability,
  evaluateCoupon,
  localize,
  needsDelivery,
  type PricedLine,
  priceSummary,
  restrictionsOf,
  round2,
  slotById,
} from './views.ts';

type S<Name extends keyof components['schemas']> = components['schemas'][Name];

const CHECKOUT_TTL_MS = 60 * 60 * 1000;

export function checkoutLines(context: SandboxContext, store: SeedStore, record: CheckoutRecord) {
  return record.items.map((item) => ({
    item,
    product: productOf(context, store, item.product_id),
    quantity: item.quantity,
  }));
}

/** The checkout as the contract shows it, priced from the current catalogue. */
export function checkoutView(
  context: SandboxContext,
  store: SeedStore,
  record: CheckoutRecord,
): S<'Checkout'> {
  const lines = checkoutLines(context, store, record);
  const priced: PricedLine[] = lines.map(({ product, quantity }) => ({ product, quantity }));
  const coupon = record.coupon_code
    ? evaluateCoupon(store, record.coupon_code, priced, context.now)
    : undefined;
  const applied = coupon?.valid ? coupon : undefined;
  const summary = priceSummary(store, priced, applied?.discount ?? 0, applied?.free ?? false);
  const payable = priced.some((l) => l.product.detail.purchase_mode === 'checkout_based');
  const deliveryAddress = context.state.addresses.find((a) => a.address_id === record.delivery_address_id);
  const pinParam = context.url.searchParams.get('pin-code');
  const pincode = deliveryAddress?.pincode ?? (pinParam && /^[0-9]{4,10}$/.test(pinParam) ? pinParam : null);
  const physical = lines.filter((l) => needsDelivery(l.product));
  const unavailable = pincode
    ? physical
        .filter((l) => !availability(store, l.product, pincode, context.now).available)
        .map((l) => l.product.detail.product_id)
    : [];
  const expired = new Date(record.expires_at) <= context.now;
  return {
    checkout_id: record.checkout_id,
    source: record.source,
    status: record.status === 'ordered' ? 'ordered' : expired ? 'expired' : 'open',
    expires_at: record.expires_at,
    checkout_items: lines.map(({ item, product, quantity }) => ({
      checkout_item_id: item.checkout_item_id,
      product_id: product.detail.product_id,
      product_name: localize(product.name, context.language),
      product_image: product.detail.images[0] ?? '',
      product_type: product.detail.product_type_name,
      item_type: product.detail.item_type,
      order_flow: product.detail.purchase_mode,
      quantity,
      unit_price: product.detail.product_price,
      final_price: product.detail.final_price,
      line_total: round2(product.detail.final_price * quantity),
      online_payment: product.detail.online_payment,
      pay_on_delivery: product.detail.pay_on_delivery,
      requires_delivery_address: needsDelivery(product),
      slot: item.slot_id === null ? null : (slotById(context.state, product, item.slot_id) ?? null),
    })),
    coupon: applied?.coupon
      ? {
          coupon_code: applied.coupon.coupon_code,
          coupon_discount: summary.coupon_discount,
          makes_order_free: applied.free,
        }
      : null,
    summary: { ...summary, is_free: payable && summary.total === 0 },
    payment_type_restrictions: restrictionsOf(priced),
    address_details: {
      delivery_address_id: record.delivery_address_id,
      billing_address_id: record.billing_address_id,
      delivery_required: physical.length > 0,
    },
    pincode_checkup: {
      pincode,
      all_available: pincode ? unavailable.length === 0 : null,
      unavailable_product_ids: unavailable,
    },
  };
}

export function ownCheckout(context: SandboxContext, checkoutId: string) {
  const { customer, store } = customerOf(context);
  const record = context.state.checkouts.find(
    (c) => c.checkout_id === checkoutId && c.customer_id === customer.customer_id && c.store === store.name,
  );
  if (!record) throw notFound('This checkout was not found');
  return { record, store, customer };
}

export function ensureOpen(context: SandboxContext, record: CheckoutRecord) {
  if (record.status === 'ordered') throw conflict('This checkout was already ordered; start a new one');
  if (new Date(record.expires_at) <= context.now)
    throw new SandboxError(410, 'This checkout has expired; start again from your cart');
}

export const checkoutHandlers = {
  startCheckout: ({ body }, context) => {
    const { customer, store } = customerOf(context);
    let items: CheckoutRecord['items'];
    if (body.source === 'cart') {
      const lines = cartLines(context, store, customer.customer_id);
      if (lines.length === 0) throw badRequest('Your cart is empty');
      for (const { line, product } of lines) {
        const refusal = cartRefusal(context, product, line.quantity, line.slot_id);
        if (refusal) throw new SandboxError(422, refusal);
      }
      items = lines.map(({ line }, index) => ({
        checkout_item_id: index + 1,
        product_id: line.product_id,
        quantity: line.quantity,
        slot_id: line.slot_id,
        cart_line_id: line.id,
      }));
    } else {
      const item = body.buy_now_item;
      const product = productOf(context, store, item.product_id);
      const refusal = cartRefusal(context, product, item.quantity, item.slot_id);
      if (refusal) throw new SandboxError(422, refusal);
      items = [
        {
          checkout_item_id: 1,
          product_id: item.product_id,
          quantity: item.quantity,
          slot_id: item.slot_id ?? null,
          cart_line_id: null,
        },
      ];
    }
    const mine = context.state.addresses.filter(
      (a) => a.customer_id === customer.customer_id && a.store === store.name,
    );
    const defaultOf = (type: S<'AddressType'>) =>
      mine.find((a) => a.address_type === type && a.is_default)?.address_id ?? null;
    const record: CheckoutRecord = {
      checkout_id: `co_${randomId(12)}`,
      store: store.name,
      customer_id: customer.customer_id,
      source: body.source,
      items,
      coupon_code: null,
      delivery_address_id: defaultOf('delivery'),
      billing_address_id: defaultOf('billing') ?? defaultOf('delivery'),
      status: 'open',
      created_at: context.now.toISOString(),
      expires_at: new Date(context.now.getTime() + CHECKOUT_TTL_MS).toISOString(),
      order_id: null,
    };
    context.state.checkouts = context.state.checkouts.filter(
      (c) => c.status === 'ordered' || new Date(c.expires_at) > context.now,
    );
    context.state.checkouts.push(record);
    return { body: checkoutView(context, store, record), message: 'Checkout started' };
  },

  getCheckout: ({ path }, context) => {
    const { record, store } = ownCheckout(context, path.checkoutId);
    return { body: checkoutView(context, store, record) };
  },

  updateCheckout: ({ path, body }, context) => {
    const { record, store, customer } = ownCheckout(context, path.checkoutId);
    ensureOpen(context, record);
    const own = (id: number, field: string) => {
      if (
        !context.state.addresses.some(
          (a) => a.address_id === id && a.customer_id === customer.customer_id && a.store === store.name,
        )
      ) {
        throw badRequest(`Address ${id} was not found`, [
          { field, code: 'NOT_ALLOWED', message: 'Not one of your addresses' },
        ]);
      }
      return id;
    };
    if (body.delivery_address_id !== undefined)
      record.delivery_address_id =
        body.delivery_address_id === null ? null : own(body.delivery_address_id, 'delivery_address_id');
    if (body.billing_address_id !== undefined)
      record.billing_address_id =
        body.billing_address_id === null ? null : own(body.billing_address_id, 'billing_address_id');
    let message = 'Checkout updated';
    if (body.coupon_code !== undefined) {
      if (body.coupon_code === null) {
        record.coupon_code = null;
        message = 'Coupon removed';
      } else {
        const lines = checkoutLines(context, store, record).map(({ product, quantity }) => ({
          product,
          quantity,
        }));
        const result = evaluateCoupon(store, body.coupon_code, lines, context.now);
        if (!result.valid || !result.coupon)
          throw badRequest(result.message, [
            { field: 'coupon_code', code: 'NOT_ALLOWED', message: result.message },
          ]);
        record.coupon_code = result.coupon.coupon_code;
        message = result.message;
      }
    }
    return { body: checkoutView(context, store, record), message };
  },
} satisfies Partial<ContractHandlers>;
