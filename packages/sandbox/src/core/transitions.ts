import type { components } from '@marketkit/sdk';
import { badRequest, conflict } from './errors.ts';
import type { OrderRecord } from './state.ts';

type OrderStatus = components['schemas']['OrderStatus'];
type RequestStatus = components['schemas']['RequestStatus'];

/** What the store may do to an order. */
export const ORDER_TRANSITIONS: Record<OrderStatus, OrderStatus[]> = {
  Received: ['InProgress', 'Cancelled', 'Rejected'],
  InProgress: ['Fulfilled', 'Cancelled'],
  Fulfilled: ['Return'],
  Return: ['Refund'],
  Refund: [],
  Cancelled: [],
  Rejected: [],
};

/** What the store may do to a request order. */
export const REQUEST_TRANSITIONS: Record<RequestStatus, RequestStatus[]> = {
  open: ['pending', 'rejected', 'Cancelled'],
  pending: ['Fulfilled', 'rejected', 'Cancelled'],
  Fulfilled: ['Return'],
  rejected: [],
  Cancelled: [],
  Return: [],
};

export interface StoreAction {
  status?: OrderStatus;
  request_status?: RequestStatus;
  note?: string;
  /** With `Fulfilled`: when it was delivered, in days before now (to test return windows). */
  delivered_days_ago?: number;
}

/** Moves an order the way the store's back office would; refuses any transition `ORDER_TRANSITIONS` does not list. */
export function applyStoreAction(order: OrderRecord, action: StoreAction, now: Date) {
  const at = now.toISOString();
  if (action.request_status) {
    if (!order.request_status) throw badRequest('This is not a request order');
    const next = action.request_status;
    if (!REQUEST_TRANSITIONS[order.request_status].includes(next))
      throw conflict(`A request cannot go from ${order.request_status} to ${next}`);
    order.request_status = next;
    for (const item of order.items)
      if (item.request_status && item.request_status !== 'Cancelled') item.request_status = next;
    if (next === 'rejected') order.order_status = 'Rejected';
    if (next === 'Cancelled') order.order_status = 'Cancelled';
    if (next === 'Fulfilled') {
      order.order_status = 'Fulfilled';
      for (const item of order.items)
        if (item.item_status !== 'Cancelled')
          Object.assign(item, { item_status: 'Fulfilled', delivered_at: at });
    }
    order.status_history.push({ status: next, changed_at: at, note: action.note ?? '' });
  }
  if (action.status) {
    const next = action.status;
    if (!ORDER_TRANSITIONS[order.order_status].includes(next))
      throw conflict(`An order cannot go from ${order.order_status} to ${next}`);
    order.order_status = next;
    const deliveredAt = new Date(now.getTime() - (action.delivered_days_ago ?? 0) * 86_400_000).toISOString();
    for (const item of order.items) {
      if (item.item_status === 'Cancelled') continue;
      if (next === 'Return' && item.item_status !== 'Fulfilled' && item.item_status !== 'Return') continue;
      if (next === 'Refund' && item.item_status !== 'Return') continue;
      item.item_status = next;
      if (next === 'Fulfilled') item.delivered_at = deliveredAt;
    }
    if (next === 'Fulfilled' && order.payment_status === 'Placed') {
      order.payment_status = 'Completed';
      order.status_history.push({ status: 'Completed', changed_at: at, note: 'Paid on delivery' });
    }
    order.status_history.push({ status: next, changed_at: at, note: action.note ?? '' });
  }
  if (!action.status && !action.request_status) throw badRequest('Give a status or a request_status');
}
