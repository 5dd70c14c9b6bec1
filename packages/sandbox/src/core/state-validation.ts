import { isSandboxState, type SandboxState, STATE_COLLECTIONS, type StateCollection } from './state.ts';

/** Whether a value read from a state file may be used where the sandbox expects one field. */
type Check = (value: unknown) => boolean;

const string: Check = (value) => typeof value === 'string';
const number: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const boolean: Check = (value) => typeof value === 'boolean';
const object: Check = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const nullable =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);
const arrayOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);
const oneOf =
  (...allowed: string[]): Check =>
  (value) =>
    typeof value === 'string' && allowed.includes(value);
const record =
  (fields: Record<string, Check>): Check =>
  (value) =>
    object(value) &&
    Object.entries(fields).every(([name, check]) => check((value as Record<string, unknown>)[name]));

const owned = { store: string, customer_id: number };

/**
 * The fields each collection's handlers rely on. An entry that lacks one, or holds the wrong type,
 * would make every call that meets it fail; it is dropped when the file is read.
 */
const RECORD_CHECKS: Record<StateCollection, Check> = {
  customers: record({
    ...owned,
    first_name: string,
    last_name: string,
    email: nullable(string),
    phone: nullable(string),
    extension: string,
    password_hash: nullable(string),
    email_verified: boolean,
    phone_verified: boolean,
    gender: nullable(string),
    date_of_birth: nullable(string),
    profile_image_path: nullable(string),
    created_at: string,
    locked: boolean,
    failed_logins: number,
    device_verification: boolean,
    trusted_devices: arrayOf(string),
    preferences: object,
    consents: arrayOf(record({ consent_id: number, accepted: boolean, version: string, at: string })),
  }),
  sessions: record({
    ...owned,
    session_id: string,
    device_id: string,
    device_name: string,
    user_agent: string,
    ip_address: string,
    signed_in_at: string,
    last_active_at: string,
    refresh_hash: string,
    used_refresh_hashes: arrayOf(string),
    recent_refresh_hashes: optional(arrayOf(record({ hash: string, superseded_at: string }))),
    extra_refresh_hashes: optional(arrayOf(string)),
    refresh_expires_at: string,
    revoked_at: nullable(string),
    revoked_reason: nullable(string),
  }),
  otps: record({
    reference: string,
    store: string,
    purpose: string,
    identifier_type: string,
    identifier: string,
    extension: nullable(string),
    code: string,
    expires_at: string,
    resend_after_at: string,
    attempts: number,
    verified: boolean,
    customer_id: nullable(number),
  }),
  verifications: record({
    token: string,
    store: string,
    purpose: string,
    identifier_type: string,
    identifier: string,
    extension: nullable(string),
    expires_at: string,
    used: boolean,
  }),
  cart: record({
    ...owned,
    id: number,
    product_id: number,
    quantity: number,
    slot_id: nullable(number),
    added_at: string,
  }),
  wishlist: record({ ...owned, id: number, product_id: number, added_at: string }),
  addresses: record({
    ...owned,
    address_id: number,
    full_name: string,
    phone: string,
    extension: string,
    address_line_1: string,
    city: string,
    state: string,
    country: string,
    pincode: string,
    address_type: string,
    is_default: boolean,
  }),
  checkouts: record({
    ...owned,
    checkout_id: string,
    source: string,
    items: arrayOf(
      record({
        checkout_item_id: number,
        product_id: number,
        quantity: number,
        slot_id: nullable(number),
        cart_line_id: nullable(number),
      }),
    ),
    coupon_code: nullable(string),
    delivery_address_id: nullable(number),
    billing_address_id: nullable(number),
    status: oneOf('open', 'ordered'),
    created_at: string,
    expires_at: string,
    order_id: nullable(number),
  }),
  orders: record({
    ...owned,
    order_id: number,
    order_number: string,
    checkout_id: string,
    created_at: string,
    currency_code: string,
    is_request: boolean,
    order_status: string,
    payment_status: string,
    request_status: nullable(string),
    items: arrayOf(
      record({
        order_item_id: number,
        product_id: number,
        product_name: string,
        product_image: string,
        product_type_name: string,
        item_type: string,
        quantity: number,
        unit_price: number,
        final_price: number,
        line_total: number,
        item_status: string,
        request_status: nullable(string),
        policy: object,
        slot: nullable(object),
        delivered_at: nullable(string),
        estimated_delivery_date: nullable(string),
        downloads_used: number,
        download_limit: nullable(number),
      }),
    ),
    delivery_address: nullable(object),
    billing_address: object,
    payment_methods: arrayOf(object),
    coupon_code: nullable(string),
    summary: object,
    status_history: arrayOf(object),
    pending_cart_line_ids: arrayOf(number),
    refunded: number,
  }),
  bookings: record({
    ...owned,
    booking_id: number,
    order_id: number,
    order_item_id: number,
    product_id: number,
    slot_id: number,
    status: string,
    created_at: string,
  }),
  enquiries: record({
    ...owned,
    enquiry_id: number,
    product_id: number,
    product_name: string,
    subject: string,
    message: string,
    status: string,
    answer: nullable(string),
    created_at: string,
  }),
  ratings: record({
    ...owned,
    customer_name: string,
    rating_id: number,
    product_id: number,
    rating: number,
    title: string,
    review: string,
    created_at: string,
  }),
  uploads: record({ upload_id: string, content_type: string, data: string }),
  payments: record({
    ...owned,
    reference: string,
    provider: oneOf('card_gateway', 'second_provider'),
    order_id: number,
    amount_minor: number,
    currency: string,
    return_url: string,
    status: oneOf('pending', 'paid', 'failed'),
    created_at: string,
  }),
  idempotency: record({
    key: string,
    scope: string,
    customer_id: number,
    operation: string,
    status: number,
    message: optional(string),
    created_at: string,
  }),
};

/** What reading a state file dropped from one collection. */
export interface DroppedEntries {
  collection: StateCollection | 'counters';
  dropped: number;
  kept: number;
}

/**
 * Reads a parsed state file entry by entry: entries that are not valid records are dropped (and
 * reported), the others kept. Undefined when the value is not a sandbox state file at all.
 */
export function readStateFile(
  value: unknown,
): { state: SandboxState; dropped: DroppedEntries[] } | undefined {
  if (!isSandboxState(value)) return undefined;
  const dropped: DroppedEntries[] = [];
  const state: SandboxState = { ...value };
  for (const collection of STATE_COLLECTIONS) {
    const entries: unknown[] = value[collection];
    const valid = entries.filter(RECORD_CHECKS[collection]);
    if (valid.length !== entries.length)
      dropped.push({ collection, dropped: entries.length - valid.length, kept: valid.length });
    (state as unknown as Record<StateCollection, unknown[]>)[collection] = valid;
  }
  const counters = Object.entries(value.counters as Record<string, unknown>);
  const validCounters = counters.filter(([, count]) => number(count));
  if (validCounters.length !== counters.length)
    dropped.push({
      collection: 'counters',
      dropped: counters.length - validCounters.length,
      kept: validCounters.length,
    });
  state.counters = Object.fromEntries(validCounters) as Record<string, number>;
  if (!number(state.tokens_not_before)) state.tokens_not_before = 0;
  // Older files have no journal: their keys are in `idempotency`.
  const mark = value.idempotency_journal as unknown;
  if (!record({ epoch: string, through: number })(mark))
    state.idempotency_journal = { epoch: '', through: 0 };
  return { state, dropped };
}
