import { sha256Hex } from './crypto.ts';
import type { IdempotencyRecord, SandboxState } from './state.ts';

/**
 * Cart writes that honour an `Idempotency-Key`: a browser may send one again when its answer was cut
 * off, and the guest-cart merge adds quantities. (`createOrder` honours the key too, scoped by checkout.)
 */
export const IDEMPOTENT_CART_WRITES: ReadonlySet<string> = new Set([
  'addToCustomerCart',
  'updateCustomerCartItem',
  'removeCustomerCartItem',
  'clearCustomerCart',
]);

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** The most keys remembered in all; the oldest go first. */
export const IDEMPOTENCY_MAX_RECORDS = 5_000;

const live = (record: IdempotencyRecord, now: Date) =>
  now.getTime() - Date.parse(record.created_at) < IDEMPOTENCY_TTL_MS;

/** The answer remembered for a customer's key, if it has not expired. */
export function rememberedAnswer(state: SandboxState, customerId: number, key: string, now: Date) {
  return state.idempotency.find((r) => r.key === key && r.customer_id === customerId && live(r, now));
}

/** Remembers an answer, forgetting expired keys and the oldest beyond the cap. */
export function rememberAnswer(state: SandboxState, record: IdempotencyRecord, now: Date) {
  const kept = state.idempotency.filter((r) => live(r, now));
  kept.push(record);
  state.idempotency = kept.slice(-IDEMPOTENCY_MAX_RECORDS);
}

/** JSON with object keys sorted, so that the same request always reads the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** What makes two cart writes the same request: the operation, its path parameters and its body. */
export function requestFingerprint(operationId: string, path: unknown, body: unknown) {
  return sha256Hex(canonicalJson({ operationId, path, body }));
}
