import type { components } from '@marketkit/sdk';

type S<Name extends keyof components['schemas']> = components['schemas'][Name];

export interface CustomerRecord {
  customer_id: number;
  store: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  extension: string;
  /** `pbkdf2$iterations$salt$hash`, or null for OTP-only accounts. */
  password_hash: string | null;
  email_verified: boolean;
  phone_verified: boolean;
  gender: S<'Gender'> | null;
  date_of_birth: string | null;
  profile_image_path: string | null;
  created_at: string;
  locked: boolean;
  failed_logins: number;
  device_verification: boolean;
  trusted_devices: string[];
  preferences: S<'Preferences'>;
  consents: { consent_id: number; accepted: boolean; version: string; at: string }[];
}

export interface SessionRecord {
  session_id: string;
  customer_id: number;
  store: string;
  device_id: string;
  device_name: string;
  user_agent: string;
  ip_address: string;
  signed_in_at: string;
  last_active_at: string;
  /** SHA-256 of the current refresh token. */
  refresh_hash: string;
  /** SHA-256 of refresh tokens already rotated away; presenting one again revokes the session. */
  used_refresh_hashes: string[];
  /**
   * Refresh tokens rotated away lately, with when: one presented again within the reuse window gets a
   * fresh grant instead of ending the session (a lost answer, two tabs racing). Absent in older files.
   */
  recent_refresh_hashes?: { hash: string; superseded_at: string }[];
  /**
   * SHA-256 of live refresh tokens besides the current one: minted by a reuse within the window, each
   * valid until it is used. Absent in older files.
   */
  extra_refresh_hashes?: string[];
  refresh_expires_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export type OtpPurposeRecord = S<'OtpPurpose'> | 'device';

export interface OtpRecord {
  reference: string;
  store: string;
  purpose: OtpPurposeRecord;
  identifier_type: S<'IdentifierType'>;
  identifier: string;
  extension: string | null;
  code: string;
  expires_at: string;
  resend_after_at: string;
  attempts: number;
  verified: boolean;
  /** Device sign-in: who is signing in, on which device. */
  customer_id: number | null;
}

export interface VerificationRecord {
  token: string;
  store: string;
  purpose: OtpPurposeRecord;
  identifier_type: S<'IdentifierType'>;
  identifier: string;
  extension: string | null;
  expires_at: string;
  used: boolean;
}

export interface CartLineRecord {
  id: number;
  store: string;
  customer_id: number;
  product_id: number;
  quantity: number;
  slot_id: number | null;
  added_at: string;
}

export interface WishlistRecord {
  id: number;
  store: string;
  customer_id: number;
  product_id: number;
  added_at: string;
}

export interface AddressRecord extends S<'Address'> {
  store: string;
  customer_id: number;
}

export interface CheckoutRecord {
  checkout_id: string;
  store: string;
  customer_id: number;
  source: S<'CheckoutSource'>;
  items: {
    checkout_item_id: number;
    product_id: number;
    quantity: number;
    slot_id: number | null;
    cart_line_id: number | null;
  }[];
  coupon_code: string | null;
  delivery_address_id: number | null;
  billing_address_id: number | null;
  status: 'open' | 'ordered';
  created_at: string;
  expires_at: string;
  order_id: number | null;
}

export interface OrderItemRecord {
  order_item_id: number;
  product_id: number;
  product_name: string;
  product_image: string;
  product_type_name: S<'ProductTypeName'>;
  item_type: S<'ItemType'>;
  quantity: number;
  unit_price: number;
  final_price: number;
  line_total: number;
  item_status: S<'OrderStatus'>;
  request_status: S<'RequestStatus'> | null;
  policy: S<'ProductPolicy'>;
  slot: S<'Slot'> | null;
  delivered_at: string | null;
  estimated_delivery_date: string | null;
  downloads_used: number;
  download_limit: number | null;
}

export interface OrderRecord {
  order_id: number;
  order_number: string;
  store: string;
  customer_id: number;
  checkout_id: string;
  created_at: string;
  currency_code: string;
  is_request: boolean;
  order_status: S<'OrderStatus'>;
  payment_status: S<'PaymentStatus'>;
  request_status: S<'RequestStatus'> | null;
  items: OrderItemRecord[];
  delivery_address: S<'Address'> | null;
  billing_address: S<'Address'>;
  payment_methods: S<'PaymentMethod'>[];
  coupon_code: string | null;
  summary: S<'PriceSummary'>;
  status_history: S<'OrderStatusChange'>[];
  /** Server-cart lines to remove once the order is paid (online payments). */
  pending_cart_line_ids: number[];
  refunded: number;
}

export interface BookingRecord {
  booking_id: number;
  store: string;
  customer_id: number;
  order_id: number;
  order_item_id: number;
  product_id: number;
  slot_id: number;
  status: S<'Booking'>['status'];
  created_at: string;
}

export interface EnquiryRecord extends S<'Enquiry'> {
  store: string;
  customer_id: number;
}

export interface RatingRecord extends S<'CustomerRating'> {
  store: string;
  customer_id: number;
  customer_name: string;
}

export interface UploadRecord {
  upload_id: string;
  content_type: string;
  /** Base64. */
  data: string;
}

export interface PaymentSessionRecord {
  reference: string;
  provider: 'card_gateway' | 'second_provider';
  store: string;
  order_id: number;
  customer_id: number;
  amount_minor: number;
  currency: string;
  return_url: string;
  status: 'pending' | 'paid' | 'failed';
  created_at: string;
}

/** A key a shopper sent with a write: enough to answer a repeat, never the whole first answer. */
export interface IdempotencyRecord {
  key: string;
  /**
   * What the key was used for: the checkout it ordered, or a fingerprint of a cart write (a key reused
   * for another request is refused).
   */
  scope: string;
  customer_id: number;
  operation: string;
  status: number;
  /** The first answer's `response_message`. */
  message?: string;
  /** What the operation needs to answer a repeat (see `services/keyed-writes.ts`); small. */
  reference?: unknown;
  created_at: string;
}

/** Lines for the idempotency journal, written before the state file they belong to. */
export interface JournalWrite {
  /** `append` adds the lines; `rewrite` replaces the journal with them (atomically). */
  mode: 'append' | 'rewrite';
  lines: readonly string[];
}

/** Everything shoppers change. Persisted as one JSON document; the catalogue comes from the seed. */
export interface SandboxState {
  format: 'marketkit-sandbox-state';
  version: 1;
  /** HMAC key of the JWTs: kept with the state so sessions survive a restart. */
  signing_secret: string;
  /** Access tokens issued before this instant (ms) are refused (the "expire every token" fault). */
  tokens_not_before: number;
  counters: Record<string, number>;
  customers: CustomerRecord[];
  sessions: SessionRecord[];
  otps: OtpRecord[];
  verifications: VerificationRecord[];
  cart: CartLineRecord[];
  wishlist: WishlistRecord[];
  addresses: AddressRecord[];
  checkouts: CheckoutRecord[];
  orders: OrderRecord[];
  bookings: BookingRecord[];
  enquiries: EnquiryRecord[];
  ratings: RatingRecord[];
  uploads: UploadRecord[];
  payments: PaymentSessionRecord[];
  /**
   * Keys of a persistence without a journal, and of older state files. With a journal (the file
   * persistence) it stays empty and `idempotency_journal` says which journal lines belong to this state.
   */
  idempotency: IdempotencyRecord[];
  /** The journal lines this state includes: those of this epoch up to this sequence number. */
  idempotency_journal: { epoch: string; through: number };
}

/** The collections of the state, in the order they are checked when a state file is read. */
export const STATE_COLLECTIONS = [
  'customers',
  'sessions',
  'otps',
  'verifications',
  'cart',
  'wishlist',
  'addresses',
  'checkouts',
  'orders',
  'bookings',
  'enquiries',
  'ratings',
  'uploads',
  'payments',
  'idempotency',
] as const satisfies readonly (keyof SandboxState)[];

export type StateCollection = (typeof STATE_COLLECTIONS)[number];

/** Fails to compile when `SandboxState` gains a collection (a list of records) that `STATE_COLLECTIONS` does not name. */
type Unlisted = Exclude<
  { [K in keyof SandboxState]: SandboxState[K] extends readonly unknown[] ? K : never }[keyof SandboxState],
  StateCollection
>;
const everyCollectionListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyCollectionListed;

export function emptyState(signingSecret: string): SandboxState {
  return {
    format: 'marketkit-sandbox-state',
    version: 1,
    signing_secret: signingSecret,
    tokens_not_before: 0,
    counters: {},
    customers: [],
    sessions: [],
    otps: [],
    verifications: [],
    cart: [],
    wishlist: [],
    addresses: [],
    checkouts: [],
    orders: [],
    bookings: [],
    enquiries: [],
    ratings: [],
    uploads: [],
    payments: [],
    idempotency: [],
    idempotency_journal: { epoch: '', through: 0 },
  };
}

/** Checks the shape of a persisted state well enough to refuse a foreign or damaged file. */
export function isSandboxState(value: unknown): value is SandboxState {
  if (!value || typeof value !== 'object') return false;
  const state = value as Partial<SandboxState>;
  return (
    state.format === 'marketkit-sandbox-state' &&
    state.version === 1 &&
    typeof state.signing_secret === 'string' &&
    typeof state.counters === 'object' &&
    state.counters !== null &&
    !Array.isArray(state.counters) &&
    STATE_COLLECTIONS.every((key) => Array.isArray(state[key]))
  );
}

/** Where the state is kept between runs. The sandbox waits for `save` before it acknowledges a change. */
export interface StatePersistence {
  load(): Promise<string | undefined>;
  /**
   * Saves the state. With `loadJournal`, `journal` holds the idempotency journal's lines of this save:
   * write them (durably) before the state, so that a state file never includes lines the journal lacks.
   */
  save(serialized: string, journal?: JournalWrite): Promise<void>;
  /**
   * The idempotency journal as written so far (undefined when there is none). Without this method the
   * keys are kept in the state itself, and every save rewrites them all.
   */
  loadJournal?(): Promise<string | undefined>;
}
