import { paidPerLine, type Schema, toMinor } from '@marketkit/sdk';
import { ITEMS_PER_PAGE, MAX_SEARCH_LENGTH } from './catalogue.ts';
import { MAX_CART_QUANTITY } from './guest-cart.ts';

type OrderStatus = Schema<'OrderStatus'>;
type PaymentStatus = Schema<'PaymentStatus'>;
type RequestStatus = Schema<'RequestStatus'>;
type EnquiryStatus = Schema<'Enquiry'>['status'];
type OrderItem = Schema<'OrderItem'>;
type ProductPolicy = Schema<'ProductPolicy'>;

/** Spec §4 status values, in the order a filter lists them. */
export const ORDER_STATUSES: readonly OrderStatus[] = [
  'Received',
  'InProgress',
  'Fulfilled',
  'Cancelled',
  'Return',
  'Refund',
  'Rejected',
];
export const PAYMENT_STATUSES: readonly PaymentStatus[] = ['Created', 'Placed', 'Failed', 'Completed'];
export const REQUEST_STATUSES: readonly RequestStatus[] = [
  'open',
  'pending',
  'rejected',
  'Fulfilled',
  'Cancelled',
  'Return',
];

// ——— Status chips ———

export type StatusKind = 'order' | 'payment' | 'request';
/** How every status chip (orders, payments, requests, enquiries, bookings, sessions) is coloured. */
export type ChipTone = 'success' | 'warning' | 'danger' | 'neutral' | 'info';

/** How a status value is shown: its tone, and whether this version knows the value at all. */
export interface StatusChip {
  kind: StatusKind;
  /** The value as the server sent it (for a known value, also its translation key). */
  value: string;
  tone: ChipTone;
  /** False for a value the server added after this version: shown neutrally as "Unknown status". */
  known: boolean;
}

const TONES: { [Kind in StatusKind]: Record<string, ChipTone> } = {
  order: {
    Received: 'info',
    InProgress: 'info',
    Fulfilled: 'success',
    Cancelled: 'neutral',
    Return: 'warning',
    Refund: 'neutral',
    Rejected: 'danger',
  } satisfies Record<OrderStatus, ChipTone>,
  payment: {
    Created: 'warning',
    Placed: 'info',
    Failed: 'danger',
    Completed: 'success',
  } satisfies Record<PaymentStatus, ChipTone>,
  request: {
    open: 'info',
    pending: 'warning',
    rejected: 'danger',
    Fulfilled: 'success',
    Cancelled: 'neutral',
    Return: 'warning',
  } satisfies Record<RequestStatus, ChipTone>,
};

/**
 * The chip of an order, payment or request status. A value this version does not know (or one that
 * only looks like a key, such as `toString`) is neutral and `known: false`.
 */
export function statusChip(kind: StatusKind, value: string): StatusChip {
  const tones = TONES[kind];
  const tone = Object.hasOwn(tones, value) ? tones[value] : undefined;
  return tone ? { kind, value, tone, known: true } : { kind, value, tone: 'neutral', known: false };
}

/** The chip of a status-history entry, whose value may be an order, request or payment status. */
export function historyChip(value: string): StatusChip {
  for (const kind of ['order', 'request', 'payment'] as const) {
    const chip = statusChip(kind, value);
    if (chip.known) return chip;
  }
  return statusChip('order', value);
}

const ENQUIRY_TONES = {
  open: 'info',
  answered: 'success',
  closed: 'neutral',
} as const satisfies Record<EnquiryStatus, ChipTone>;

/**
 * The chip of an enquiry's status: its tone, and whether this version knows the value (one the server
 * added later, or a key such as `toString`, is neutral and `known: false`).
 */
export function enquiryChip(value: string): { value: string; tone: ChipTone; known: boolean } {
  const tones: Record<string, ChipTone> = ENQUIRY_TONES;
  const tone = Object.hasOwn(tones, value) ? tones[value] : undefined;
  return tone ? { value, tone, known: true } : { value, tone: 'neutral', known: false };
}

/** Paid means exactly `Completed`: an unknown or missing value is never taken as paid. */
export const isPaymentComplete = (status: string | null | undefined) => status === 'Completed';

const DELIVERED: readonly string[] = ['Fulfilled', 'Return', 'Refund'];

/** An invoice exists once the order is paid, or once a cash-on-delivery order has been delivered. */
export function canDownloadInvoice(
  // Status values are plain strings here: the server may send one this version does not know.
  order: {
    payment_status: string;
    order_status: string;
    payment_methods: readonly Pick<Schema<'PaymentMethod'>, 'payment_type'>[];
  },
): boolean {
  if (isPaymentComplete(order.payment_status)) return true;
  return (
    order.payment_status === 'Placed' &&
    DELIVERED.includes(order.order_status) &&
    order.payment_methods.some((method) => method.payment_type === 'COD')
  );
}

// ——— Policy labels ———

/** Label keys of spec §3's order policy labels that the contract's `ProductPolicy` carries. */
export type PolicyLabel = keyof ProductPolicy;

export type PolicyRow =
  | { label: PolicyLabel; kind: 'flag'; value: boolean }
  | { label: PolicyLabel; kind: 'days'; value: number }
  | { label: PolicyLabel; kind: 'money'; value: number };

const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;

/**
 * The policy rows to show for an item, in the spec's order: each "allowed" flag (Yes/No), followed by
 * its days only when it is allowed, and the cancellation charge only when cancelling is allowed.
 * Discount Details are shown with the prices; Active, ON and 'not completed' have no field in the contract.
 */
export function policyLabels(policy: ProductPolicy): PolicyRow[] {
  const rows: PolicyRow[] = [];
  const pairs = [
    ['return_allowed', 'return_days'],
    ['replacement_allowed', 'replacement_days'],
    ['refund_cancellation_allowed', 'refund_cancellation_days'],
  ] as const;
  for (const [flag, days] of pairs) {
    const allowed = policy[flag] === true;
    rows.push({ label: flag, kind: 'flag', value: allowed });
    const value = count(policy[days]);
    if (allowed && value !== null) rows.push({ label: days, kind: 'days', value });
  }
  const cancellable = policy.cancellation_allowed === true;
  rows.push({ label: 'cancellation_allowed', kind: 'flag', value: cancellable });
  const charge = count(policy.cancellation_charge);
  if (cancellable && charge !== null)
    rows.push({ label: 'cancellation_charge', kind: 'money', value: charge });
  return rows;
}

// ——— Item and order actions ———

export type OrderItemAction = 'cancel' | 'return' | 'replace' | 'download' | 'training' | 'rate';

const SERVICE_TYPES: readonly string[] = ['Service Product', 'Packaged Service Product'];

/**
 * Whether an item has a training overview (`/trainingOverview/{item}/{order}`): a service whose product
 * the services host marks as a training. Other services (a plumbing visit) have no overview to open.
 */
export const hasTrainingOverview = (item: Pick<OrderItem, 'product_type_name' | 'training'>) =>
  item.training === true && SERVICE_TYPES.includes(item.product_type_name);

/**
 * What the shopper may do with an order item. The services host decides cancel/return/replace
 * (`can_*`); a return or replacement whose window has ended by `now` is hidden even if the page is old.
 * Delivered items can be rated; trainings link to their overview.
 */
export function orderItemActions(
  item: Pick<
    OrderItem,
    | 'can_cancel'
    | 'can_return'
    | 'can_replace'
    | 'return_window_ends_at'
    | 'digital_download_available'
    | 'product_type_name'
    | 'training'
    | 'item_status'
  >,
  now: Date,
): OrderItemAction[] {
  const ends = item.return_window_ends_at ? new Date(item.return_window_ends_at).getTime() : null;
  const windowOpen = ends === null || Number.isNaN(ends) || ends >= now.getTime();
  const actions: OrderItemAction[] = [];
  if (item.can_cancel === true) actions.push('cancel');
  if (item.can_return === true && windowOpen) actions.push('return');
  if (item.can_replace === true && windowOpen) actions.push('replace');
  if (item.digital_download_available === true) actions.push('download');
  if (hasTrainingOverview(item)) actions.push('training');
  if (item.item_status === 'Fulfilled') actions.push('rate');
  return actions;
}

/** Items not cancelled yet. */
const remaining = <Item extends Pick<OrderItem, 'item_status'>>(items: readonly Item[]) =>
  items.filter((item) => item.item_status !== 'Cancelled');

/** The whole order can be cancelled when something is left and every remaining item may be cancelled. */
export function canCancelOrder(order: { items: readonly Pick<OrderItem, 'item_status' | 'can_cancel'>[] }) {
  const left = remaining(order.items);
  return left.length > 0 && left.every((item) => item.can_cancel === true);
}

// One rule for the coupon's split, shared with the services host's refunds.
export { paidPerLine };

/**
 * What cancelling costs and gives back, before confirming: the items' cancellation charges, and for a
 * paid order what was paid for each item (`paidPerLine`: after the order's coupon) less its charge,
 * never below 0. Unpaid orders refund nothing. Without `orderItemIds` the whole order (its remaining
 * items) is meant.
 */
export function cancellationQuote(
  order: {
    payment_status: string;
    summary: Pick<Schema<'PriceSummary'>, 'coupon_discount'>;
    items: readonly Pick<
      OrderItem,
      'order_item_id' | 'item_status' | 'line_total' | 'cancellation_charge' | 'request_status'
    >[];
  },
  orderItemIds?: readonly number[],
): { charge: number; refund: number } {
  const targets = orderItemIds
    ? order.items.filter((item) => orderItemIds.includes(item.order_item_id))
    : remaining(order.items);
  const paidFor = isPaymentComplete(order.payment_status) ? paidPerLine(order) : new Map<number, number>();
  let charge = 0;
  let refund = 0;
  for (const item of targets) {
    charge += toMinor(item.cancellation_charge);
    refund += Math.max(0, (paidFor.get(item.order_item_id) ?? 0) - toMinor(item.cancellation_charge));
  }
  return { charge: charge / 100, refund: refund / 100 };
}

/** A return or replacement quantity typed by the shopper: a whole number from 1 to what was ordered. */
export function afterSaleQuantity(value: string | number, ordered: number): number | null {
  const text = String(value).trim();
  if (!/^\d{1,4}$/.test(text)) return null;
  const quantity = Number(text);
  return quantity >= 1 && quantity <= ordered ? quantity : null;
}

/** The `orderId` of `/userprofile/order?orderId=N`: a plain positive whole number, else null. */
export function orderIdFromSearch(query: string | URLSearchParams): number | null {
  const value = (typeof query === 'string' ? new URLSearchParams(query) : query).get('orderId');
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

// ——— Re-order ———

export interface ReorderPlan {
  /** One line per product for `POST customer-cart` (quantities of repeated products summed, ≤ 999). */
  lines: { product: number; cart_quantity: number }[];
  /** Items left out, and why: free items come with an offer, a booked slot is in the past. */
  skipped: { orderItemId: number; productId: number; productName: string; reason: 'free' | 'slot' }[];
}

/**
 * What "order again" puts in the cart. Every item of the order, cancelled ones included (ordering a
 * cancelled order again is the common case), except free items (they came with an offer) and items
 * booked for a slot (the shopper picks a new time on the product page). The server adds the quantities
 * to lines already in the cart.
 */
export function reorderPlan(
  items: readonly Pick<
    OrderItem,
    'order_item_id' | 'product_id' | 'product_name' | 'item_type' | 'quantity' | 'slot'
  >[],
): ReorderPlan {
  const quantities = new Map<number, number>();
  const skipped: ReorderPlan['skipped'] = [];
  for (const item of items) {
    const reason = item.item_type === 'free_item' ? 'free' : item.slot ? 'slot' : null;
    if (reason) {
      skipped.push({
        orderItemId: item.order_item_id,
        productId: item.product_id,
        productName: item.product_name,
        reason,
      });
      continue;
    }
    const quantity = Math.max(1, Math.trunc(item.quantity) || 1);
    quantities.set(
      item.product_id,
      Math.min(MAX_CART_QUANTITY, (quantities.get(item.product_id) ?? 0) + quantity),
    );
  }
  return {
    lines: [...quantities].map(([product, cart_quantity]) => ({ product, cart_quantity })),
    skipped,
  };
}

// ——— Order list filters (URL) ———

/** The tabs of `/userprofile/myOrder`. */
export const ORDER_VIEWS = ['orders', 'requests', 'enquiries', 'bookings', 'downloads'] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];

/** The orders page as its URL describes it: shareable, and Back returns to it. */
export interface OrderListFilters {
  view: OrderView;
  /** Order status (orders tab). */
  status: OrderStatus | null;
  /** Payment status (orders tab). */
  paymentStatus: PaymentStatus | null;
  /** Request status (requests tab). */
  requestStatus: RequestStatus | null;
  search: string;
  /** `yyyy-mm-dd`, placed on or after. */
  from: string | null;
  /** `yyyy-mm-dd`, placed on or before. */
  to: string | null;
  page: number;
}

export const DEFAULT_ORDER_FILTERS: OrderListFilters = {
  view: 'orders',
  status: null,
  paymentStatus: null,
  requestStatus: null,
  search: '',
  from: null,
  to: null,
  page: 1,
};

/** A real calendar day written `yyyy-mm-dd` (so `2025-02-30` is not one). */
export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const pick = <T extends string>(values: readonly T[], value: string | null) =>
  values.find((candidate) => candidate === value) ?? null;

const pageOf = (value: string | null) =>
  value !== null && /^\d{1,6}$/.test(value) && Number(value) >= 1 ? Number(value) : 1;

/** Whether a tab lists orders (and so has the order filters). */
export const listsOrders = (view: OrderView) => view === 'orders' || view === 'requests';

/**
 * Reads the orders page's filters from a query string, keeping only valid values: known tab (else
 * orders), known status values for that tab, search trimmed to 100 characters, real `yyyy-mm-dd`
 * dates (a start after the end is dropped), and a whole page number from 1. Tabs without the order
 * filters keep only their page (enquiries) or nothing.
 */
export function parseOrderFilters(query: string | URLSearchParams): OrderListFilters {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const view = pick(ORDER_VIEWS, params.get('view')) ?? 'orders';
  if (!listsOrders(view))
    return { ...DEFAULT_ORDER_FILTERS, view, page: view === 'enquiries' ? pageOf(params.get('page')) : 1 };
  const to = isIsoDate(params.get('to')) ? params.get('to') : null;
  let from = isIsoDate(params.get('from')) ? params.get('from') : null;
  if (from && to && from > to) from = null;
  return {
    view,
    status: view === 'orders' ? pick(ORDER_STATUSES, params.get('status')) : null,
    paymentStatus: view === 'orders' ? pick(PAYMENT_STATUSES, params.get('payment_status')) : null,
    requestStatus: view === 'requests' ? pick(REQUEST_STATUSES, params.get('request_status')) : null,
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    from,
    to,
    page: pageOf(params.get('page')),
  };
}

/** The canonical query string of the orders page (defaults left out, a stable order). */
export function orderFiltersSearch(filters: OrderListFilters): string {
  const params = new URLSearchParams();
  if (filters.view !== 'orders') params.set('view', filters.view);
  if (filters.status) params.set('status', filters.status);
  if (filters.paymentStatus) params.set('payment_status', filters.paymentStatus);
  if (filters.requestStatus) params.set('request_status', filters.requestStatus);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params.toString();
}

/**
 * A change of any filter but the page starts again from page 1; another tab starts with no filters
 * (each tab has its own status values).
 */
export function changeOrderFilters(
  filters: OrderListFilters,
  change: Partial<OrderListFilters>,
): OrderListFilters {
  if (change.view !== undefined && change.view !== filters.view)
    return { ...DEFAULT_ORDER_FILTERS, view: change.view };
  const next = { ...filters, ...change };
  return 'page' in change ? next : { ...next, page: 1 };
}

/** Whether any filter narrows the list (so "no orders" means "none match"). */
export const hasOrderFilters = (filters: OrderListFilters) =>
  Boolean(
    filters.status ||
      filters.paymentStatus ||
      filters.requestStatus ||
      filters.search ||
      filters.from ||
      filters.to,
  );

/** The query of `GET /ofs/rest/v3/orders` for the orders or requests tab. */
export function ordersQuery(filters: OrderListFilters, perPage: number = ITEMS_PER_PAGE) {
  return {
    is_request: filters.view === 'requests',
    ...(filters.status ? { order_status: filters.status } : {}),
    ...(filters.paymentStatus ? { payment_status: filters.paymentStatus } : {}),
    ...(filters.requestStatus ? { request_status: filters.requestStatus } : {}),
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.from ? { from_date: filters.from } : {}),
    ...(filters.to ? { to_date: filters.to } : {}),
    page_number: filters.page,
    page_limit: perPage,
  };
}
