import type { components } from '@marketkit/sdk';
import { customerOf, type SandboxContext } from '../core/context.ts';
import { badRequest, conflict, notFound, SandboxError } from '../core/errors.ts';
import type { ContractHandlers } from '../core/handler-types.ts';
import type { OrderItemRecord, OrderRecord } from '../core/state.ts';
import { cartRefusal, publicAddress } from './cfs.ts';
import { checkoutLines, checkoutView, ensureOpen, ownCheckout } from './checkout.ts';
import { cardGatewayConfig, secondProviderConfig } from './payments.ts';
import { renderPdf } from './pdf.ts';
import { fromMinor, paidPerLine, toMinor } from './refunds.ts';
import { availability, DAY_MS, isoDate, needsDelivery, paginate, round2, slotById } from './views.ts';

type S<Name extends keyof components['schemas']> = components['schemas'][Name];

const ACTIVE: S<'OrderStatus'>[] = ['Received', 'InProgress'];

const windowEnds = (item: OrderItemRecord, days: number) =>
  item.delivered_at ? new Date(new Date(item.delivered_at).getTime() + days * DAY_MS) : null;

/** What the customer may still do with an order item. */
export function itemRights(order: OrderRecord, item: OrderItemRecord, now: Date) {
  const open = !['Cancelled', 'Rejected'].includes(order.order_status);
  const requestOpen =
    item.request_status === null || item.request_status === 'open' || item.request_status === 'pending';
  const canCancel =
    open && item.policy.cancellation_allowed && ACTIVE.includes(item.item_status) && requestOpen;
  const fulfilled = item.item_status === 'Fulfilled';
  const returnEnds = windowEnds(item, item.policy.return_days);
  const replaceEnds = windowEnds(item, item.policy.replacement_days);
  const canReturn = fulfilled && item.policy.return_allowed && returnEnds !== null && now <= returnEnds;
  const canReplace =
    fulfilled && item.policy.replacement_allowed && replaceEnds !== null && now <= replaceEnds;
  const ends = [
    item.policy.return_allowed ? returnEnds : null,
    item.policy.replacement_allowed ? replaceEnds : null,
  ].filter((d): d is Date => d !== null);
  return {
    can_cancel: canCancel,
    can_return: canReturn,
    can_replace: canReplace,
    return_window_ends_at:
      ends.length === 0 ? null : new Date(Math.max(...ends.map((d) => d.getTime()))).toISOString(),
  };
}

export function orderSummary(order: OrderRecord): S<'OrderSummary'> {
  const first = order.items[0];
  return {
    order_id: order.order_id,
    order_number: order.order_number,
    created_at: order.created_at,
    currency_code: order.currency_code,
    first_item_name: first?.product_name ?? '',
    first_item_image: first?.product_image ?? '',
    item_count: order.items.length,
    is_request: order.is_request,
    order_status: order.order_status,
    payment_status: order.payment_status,
    request_status: order.request_status,
    total: order.summary.total,
  };
}

export function orderDetail(context: SandboxContext, order: OrderRecord): S<'OrderDetail'> {
  return {
    ...orderSummary(order),
    billing_address: order.billing_address,
    delivery_address: order.delivery_address,
    coupon_code: order.coupon_code,
    payment_methods: order.payment_methods,
    status_history: order.status_history,
    summary: order.summary,
    items: order.items.map((item) => ({
      order_item_id: item.order_item_id,
      product_id: item.product_id,
      product_name: item.product_name,
      product_image: item.product_image,
      product_type_name: item.product_type_name,
      item_type: item.item_type,
      quantity: item.quantity,
      unit_price: item.unit_price,
      final_price: item.final_price,
      line_total: item.line_total,
      item_status: item.item_status,
      request_status: item.request_status,
      policy: item.policy,
      slot: item.slot,
      delivered_at: item.delivered_at,
      estimated_delivery_date: item.estimated_delivery_date,
      cancellation_charge: item.policy.cancellation_allowed ? item.policy.cancellation_charge : 0,
      digital_download_available:
        item.product_type_name === 'Digital Product' &&
        order.payment_status === 'Completed' &&
        item.item_status !== 'Cancelled' &&
        (item.download_limit === null || item.downloads_used < item.download_limit),
      training: Boolean(context.seed.product(item.product_id)?.product.training),
      ...itemRights(order, item, context.now),
    })),
  };
}

export function ownOrder(context: SandboxContext, orderId: number) {
  const { customer, store } = customerOf(context);
  const order = context.state.orders.find(
    (o) => o.order_id === orderId && o.customer_id === customer.customer_id && o.store === store.name,
  );
  if (!order) throw notFound(`Order ${orderId} was not found`);
  return { order, customer, store };
}

const providerOf = (method: S<'PaymentMethod'>): S<'CreatedOrder'>['next_action'] =>
  method.payment_type === 'CASHFREE'
    ? 'second_provider'
    : method.is_payment_gateway
      ? 'card_gateway'
      : 'none';

export const ofsHandlers = {
  createOrder: async ({ body }, context) => {
    const { customer, store } = customerOf(context);
    const { record } = ownCheckout(context, body.checkout_id);
    ensureOpen(context, record);
    if (
      body.coupon_code !== undefined &&
      body.coupon_code.toUpperCase() !== (record.coupon_code ?? '').toUpperCase()
    ) {
      throw badRequest('Apply the coupon to the checkout before ordering', [
        { field: 'coupon_code', code: 'NOT_ALLOWED', message: 'Not the coupon of this checkout' },
      ]);
    }
    const view = checkoutView(context, store, record);
    const addressOf = (id: number | null, field: string) => {
      if (id === null) return null;
      const found = context.state.addresses.find(
        (a) => a.address_id === id && a.customer_id === customer.customer_id && a.store === store.name,
      );
      if (!found)
        throw badRequest(`Address ${id} was not found`, [
          { field, code: 'NOT_ALLOWED', message: 'Not one of your addresses' },
        ]);
      return publicAddress(found);
    };
    const delivery = addressOf(body.delivery_address_id, 'delivery_address_id');
    const billing = addressOf(body.billing_address_id, 'billing_address_id');
    if (!billing)
      throw badRequest('Choose a billing address', [
        { field: 'billing_address_id', code: 'REQUIRED', message: 'Required' },
      ]);
    if (view.address_details.delivery_required && !delivery) {
      throw badRequest('Choose a delivery address', [
        {
          field: 'delivery_address_id',
          code: 'REQUIRED',
          message: 'Required for products that are delivered',
        },
      ]);
    }
    const lines = checkoutLines(context, store, record);
    for (const { item, product } of lines) {
      const refusal = cartRefusal(context, product, item.quantity, item.slot_id);
      if (refusal) throw new SandboxError(422, refusal);
      if (delivery && needsDelivery(product)) {
        const result = availability(store, product, delivery.pincode, context.now);
        if (!result.available)
          throw new SandboxError(422, `${product.detail.product_name}: ${result.message}`);
      }
    }
    const isRequest = lines.every(({ product }) => product.detail.purchase_mode === 'request_based');
    const toPay = !isRequest && view.summary.total > 0;
    const methods: S<'PaymentMethod'>[] = [];
    if (toPay) {
      if (body.payment_method_ids.length === 0)
        throw badRequest('Choose a payment method', [
          { field: 'payment_method_ids', code: 'REQUIRED', message: 'Required' },
        ]);
      for (const id of body.payment_method_ids) {
        const method = store.payment_methods.find((m) => m.id === id);
        if (!method)
          throw badRequest(`Payment method ${id} does not exist`, [
            { field: 'payment_method_ids', code: 'NOT_ALLOWED', message: `Unknown method ${id}` },
          ]);
        if (method.is_payment_gateway && !view.payment_type_restrictions.online_payment)
          throw badRequest('Some items in this order cannot be paid online');
        if (!method.is_payment_gateway && !view.payment_type_restrictions.pay_on_delivery)
          throw badRequest('Some items in this order cannot be paid on delivery');
        methods.push(method);
      }
      if (methods.filter((m) => m.is_payment_gateway).length > 1)
        throw badRequest('Choose one online payment method');
    }
    const gateway = methods.find((m) => m.is_payment_gateway);
    const nextAction = gateway ? providerOf(gateway) : 'none';
    const paymentStatus: S<'PaymentStatus'> = isRequest
      ? 'Created'
      : !toPay
        ? 'Completed'
        : gateway
          ? 'Created'
          : 'Placed';
    const orderId = context.nextId('order', 500001);
    const at = context.now.toISOString();
    const items: OrderItemRecord[] = lines.map(({ item, product }) => {
      const physical = needsDelivery(product);
      const days =
        physical && delivery
          ? availability(store, product, delivery.pincode, context.now).estimated_delivery_days
          : null;
      return {
        order_item_id: context.nextId('order-item', 600001),
        product_id: product.detail.product_id,
        product_name: product.detail.product_name,
        product_image: product.detail.images[0] ?? '',
        product_type_name: product.detail.product_type_name,
        item_type: product.detail.item_type,
        quantity: item.quantity,
        unit_price: product.detail.product_price,
        final_price: product.detail.final_price,
        line_total: round2(product.detail.final_price * item.quantity),
        item_status: 'Received',
        request_status: product.detail.purchase_mode === 'request_based' ? 'open' : null,
        policy: product.detail.policy,
        slot: item.slot_id === null ? null : (slotById(context.state, product, item.slot_id) ?? null),
        delivered_at: null,
        estimated_delivery_date:
          days === null ? null : isoDate(new Date(context.now.getTime() + days * DAY_MS)),
        downloads_used: 0,
        download_limit: product.detail.type_details.digital
          ? (product.detail.type_details.digital.download_limit ?? null)
          : null,
      };
    });
    const cartLineIds = record.items.map((i) => i.cart_line_id).filter((id): id is number => id !== null);
    const order: OrderRecord = {
      order_id: orderId,
      order_number: `MK-${store.store_id}-${orderId}`,
      store: store.name,
      customer_id: customer.customer_id,
      checkout_id: record.checkout_id,
      created_at: at,
      currency_code: view.summary.currency_code,
      is_request: isRequest,
      order_status: 'Received',
      payment_status: paymentStatus,
      request_status: isRequest ? 'open' : null,
      items,
      delivery_address: delivery,
      billing_address: billing,
      payment_methods: methods,
      coupon_code: view.coupon?.coupon_code ?? null,
      summary: {
        currency_code: view.summary.currency_code,
        subtotal: view.summary.subtotal,
        discount: view.summary.discount,
        coupon_discount: view.summary.coupon_discount,
        delivery_charge: view.summary.delivery_charge,
        tax: view.summary.tax,
        total: view.summary.total,
      },
      status_history: [
        {
          status: 'Received',
          changed_at: at,
          note: isRequest ? 'Request received; the store will get back to you' : 'Order placed',
        },
        {
          status: paymentStatus,
          changed_at: at,
          note: gateway
            ? `Waiting for payment (${gateway.display_name})`
            : paymentStatus === 'Placed'
              ? 'Pay on delivery'
              : '',
        },
      ],
      pending_cart_line_ids: nextAction === 'none' ? [] : cartLineIds,
      refunded: 0,
    };
    context.state.orders.push(order);
    for (const item of items) {
      if (!item.slot) continue;
      context.state.bookings.push({
        booking_id: context.nextId('booking', 30001),
        store: store.name,
        customer_id: customer.customer_id,
        order_id: orderId,
        order_item_id: item.order_item_id,
        product_id: item.product_id,
        slot_id: item.slot.slot_id,
        status: 'booked',
        created_at: at,
      });
    }
    if (nextAction === 'none' && record.source === 'cart') {
      const used = new Set(cartLineIds);
      context.state.cart = context.state.cart.filter((line) => !used.has(line.id));
    }
    record.status = 'ordered';
    record.order_id = orderId;
    const created: S<'CreatedOrder'> = {
      order_id: orderId,
      order_number: order.order_number,
      order_status: order.order_status,
      payment_status: paymentStatus,
      request_status: order.request_status,
      is_request: isRequest,
      total: order.summary.total,
      currency_code: order.currency_code,
      next_action: nextAction,
    };
    return {
      body: created,
      message: isRequest
        ? 'Request sent'
        : nextAction === 'none'
          ? 'Order placed'
          : 'Order created; complete the payment',
    };
  },

  listOrders: ({ query }, context) => {
    const { customer, store } = customerOf(context);
    const needle = query.search?.trim().toLowerCase();
    const orders = context.state.orders
      .filter((o) => o.customer_id === customer.customer_id && o.store === store.name)
      .filter((o) => !query.order_status || o.order_status === query.order_status)
      .filter((o) => !query.payment_status || o.payment_status === query.payment_status)
      .filter((o) => !query.request_status || o.request_status === query.request_status)
      .filter((o) => query.is_request === undefined || o.is_request === query.is_request)
      .filter((o) => !query.from_date || o.created_at.slice(0, 10) >= (query.from_date ?? ''))
      .filter((o) => !query.to_date || o.created_at.slice(0, 10) <= (query.to_date ?? ''))
      .filter(
        (o) =>
          !needle ||
          o.order_number.toLowerCase().includes(needle) ||
          o.items.some((i) => i.product_name.toLowerCase().includes(needle)),
      )
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.order_id - a.order_id);
    const page = paginate(orders, query.page_number, query.page_limit, 10);
    return { body: { ...page, data: page.data.map(orderSummary) } };
  },

  getOrder: ({ path }, context) => ({ body: orderDetail(context, ownOrder(context, path.orderId).order) }),

  cancelOrder: ({ path, body }, context) => {
    const { order } = ownOrder(context, path.orderId);
    const targets = body.order_item_ids
      ? body.order_item_ids.map((id) => {
          const item = order.items.find((i) => i.order_item_id === id);
          if (!item) throw notFound(`Order item ${id} is not part of order ${order.order_number}`);
          return item;
        })
      : order.items.filter((i) => i.item_status !== 'Cancelled');
    if (targets.length === 0) throw conflict('Nothing is left to cancel in this order');
    for (const item of targets) {
      if (!itemRights(order, item, context.now).can_cancel) {
        throw conflict(
          item.policy.cancellation_allowed
            ? `${item.product_name} can no longer be cancelled (it is ${item.item_status})`
            : `${item.product_name} cannot be cancelled: its policy does not allow it`,
        );
      }
    }
    const at = context.now.toISOString();
    let charge = 0;
    // In minor units: a line gives back what was paid for it (after the coupon), less its charge.
    let refundMinor = 0;
    const paidFor = order.payment_status === 'Completed' ? paidPerLine(order) : new Map<number, number>();
    for (const item of targets) {
      item.item_status = 'Cancelled';
      if (item.request_status) item.request_status = 'Cancelled';
      charge += item.policy.cancellation_charge;
      refundMinor += Math.max(
        0,
        (paidFor.get(item.order_item_id) ?? 0) - toMinor(item.policy.cancellation_charge),
      );
      for (const booking of context.state.bookings)
        if (booking.order_item_id === item.order_item_id) booking.status = 'cancelled';
    }
    if (order.items.every((i) => i.item_status === 'Cancelled')) {
      order.order_status = 'Cancelled';
      if (order.request_status) order.request_status = 'Cancelled';
      // An unpaid online order is dropped from the cart-clearing queue.
      order.pending_cart_line_ids = [];
    }
    const refund = fromMinor(refundMinor);
    order.refunded = round2(order.refunded + refund);
    order.status_history.push({
      status: 'Cancelled',
      changed_at: at,
      note: `${targets.length} item(s) cancelled: ${body.reason}`,
    });
    return {
      body: {
        order_id: order.order_id,
        order_status: order.order_status,
        cancelled_item_ids: targets.map((i) => i.order_item_id),
        cancellation_charge: round2(charge),
        refund_amount: refund,
      },
      message: refund > 0 ? `Cancelled; ${refund} will be refunded` : 'Cancelled',
    };
  },

  returnOrReplace: ({ path, body }, context) => {
    const { order } = ownOrder(context, path.orderId);
    const item = order.items.find((i) => i.order_item_id === body.order_item_id);
    if (!item) throw notFound(`Order item ${body.order_item_id} is not part of order ${order.order_number}`);
    if (body.quantity > item.quantity)
      throw badRequest(`Only ${item.quantity} were ordered`, [
        { field: 'quantity', code: 'TOO_LARGE', limit: item.quantity, message: `At most ${item.quantity}` },
      ]);
    const rights = itemRights(order, item, context.now);
    const allowed = body.action === 'return' ? item.policy.return_allowed : item.policy.replacement_allowed;
    const within = body.action === 'return' ? rights.can_return : rights.can_replace;
    if (!allowed)
      throw conflict(
        `${item.product_name} cannot be ${body.action === 'return' ? 'returned' : 'replaced'}: its policy does not allow it`,
      );
    if (item.item_status !== 'Fulfilled') throw conflict(`${item.product_name} has not been delivered yet`);
    if (!within) throw conflict(`The ${body.action} window for ${item.product_name} has ended`);
    const at = context.now.toISOString();
    let refund: number | null = null;
    if (body.action === 'return') {
      // The returned part of what was paid for the line (after the coupon), never more.
      const paid = paidPerLine(order).get(item.order_item_id) ?? 0;
      refund = fromMinor(Math.floor((paid * body.quantity) / item.quantity));
      item.item_status = 'Return';
      if (order.items.every((i) => i.item_status === 'Return' || i.item_status === 'Cancelled'))
        order.order_status = 'Return';
    } else {
      item.item_status = 'InProgress';
    }
    order.status_history.push({
      status: body.action === 'return' ? 'Return' : 'InProgress',
      changed_at: at,
      note: `${body.action === 'return' ? 'Return' : 'Replacement'} requested for ${item.product_name}: ${body.reason}`,
    });
    return {
      body: {
        order_id: order.order_id,
        order_item_id: item.order_item_id,
        action: body.action,
        item_status: item.item_status,
        refund_amount: refund,
        message:
          body.action === 'return'
            ? 'Return requested: a courier will collect the item'
            : 'Replacement requested: a new item will be sent',
      },
      message: body.action === 'return' ? 'Return requested' : 'Replacement requested',
    };
  },

  downloadInvoice: ({ path }, context) => {
    const { order, customer, store } = ownOrder(context, path.orderId);
    const money = (value: number) => `${order.currency_code} ${value.toFixed(2)}`;
    const lines = [
      `${store.display_name.normalize('NFKD')} - Tax invoice`,
      '',
      `Invoice for order ${order.order_number}`,
      `Date: ${order.created_at.slice(0, 10)}`,
      `Customer: ${customer.first_name} ${customer.last_name}`,
      `Billing address: ${order.billing_address.address_line_1}, ${order.billing_address.city} ${order.billing_address.pincode}`,
      `Payment: ${order.payment_status}${order.payment_methods.length ? ` (${order.payment_methods.map((m) => m.display_name).join(', ')})` : ''}`,
      '',
      ...order.items.map(
        (i) =>
          `${i.quantity} x ${i.product_name} @ ${money(i.final_price)} = ${money(i.line_total)}${i.item_status === 'Cancelled' ? ' (cancelled)' : ''}`,
      ),
      '',
      `Subtotal: ${money(order.summary.subtotal)}`,
      `Discount: -${money(order.summary.discount)}`,
      `Coupon: -${money(order.summary.coupon_discount)}`,
      `Delivery: ${money(order.summary.delivery_charge)}`,
      `Total: ${money(order.summary.total)}`,
    ];
    const pdf = renderPdf(lines);
    return {
      kind: 'file' as const,
      body: pdf,
      size: pdf.length,
      contentType: 'application/pdf',
      filename: `invoice-${order.order_number}.pdf`,
    };
  },

  listPaymentTypes: ({ query }, context) => {
    const { record, store } = ownCheckout(context, query.checkout_id);
    const restrictions = checkoutView(context, store, record).payment_type_restrictions;
    const data = store.payment_methods.filter((m) =>
      m.is_payment_gateway ? restrictions.online_payment : restrictions.pay_on_delivery,
    );
    return { body: { data, restrictions } };
  },

  getPaymentConfig: async ({ body }, context) => {
    const { order, customer, store } = ownOrder(context, body.order_id);
    const method = order.payment_methods.find((m) => m.id === body.payment_method_id);
    if (!method?.is_payment_gateway)
      throw badRequest('This order is not paid with that online method', [
        { field: 'payment_method_id', code: 'NOT_ALLOWED', message: 'Not an online method of this order' },
      ]);
    if (order.payment_status === 'Completed') throw conflict('This order is already paid');
    if (order.order_status === 'Cancelled') throw conflict('This order was cancelled');
    let returnUrl: URL;
    try {
      returnUrl = new URL(body.return_url);
    } catch {
      throw badRequest('The return URL is not valid', [
        { field: 'return_url', code: 'INVALID_FORMAT', message: 'Must be an absolute http(s) URL' },
      ]);
    }
    if (returnUrl.protocol !== 'http:' && returnUrl.protocol !== 'https:') {
      throw badRequest('The return URL must use http or https', [
        { field: 'return_url', code: 'INVALID_FORMAT', message: 'Must be an absolute http(s) URL' },
      ]);
    }
    const email = customer.email ?? `customer-${customer.customer_id}@sandbox.marketkit.test`;
    const config =
      providerOf(method) === 'second_provider'
        ? await secondProviderConfig(context, store, order, returnUrl.href)
        : await cardGatewayConfig(context, store, order, email, returnUrl.href);
    return { body: config, message: 'Hand the order to the payment provider' };
  },
} satisfies Partial<ContractHandlers>;
