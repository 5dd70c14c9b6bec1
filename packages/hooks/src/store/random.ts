/**
 * `bytes` random bytes as hex. `getRandomValues` works on plain http too (`randomUUID` needs a secure
 * context, and a storefront on a LAN address is not one).
 */
export function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * The header of a cart write: a key of its own, so that the same request sent again (a browser
 * resending a POST whose connection dropped, the SDK replaying it after a refresh) changes nothing on
 * the services host, which answers the first answer.
 */
export const idempotency = (): { 'Idempotency-Key': string } => ({
  'Idempotency-Key': `cart-${randomHex(16)}`,
});
