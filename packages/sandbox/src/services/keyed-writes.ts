import type { components, operations } from '@marketkit/sdk';
import { customerOf, type SandboxContext } from '../core/context.ts';
import type { JsonReply, ResultOf } from '../core/handler-types.ts';
import { requestFingerprint } from '../core/idempotency.ts';
import type { CartLineRecord, IdempotencyRecord } from '../core/state.ts';
import { cartItem, cartLines, cartView } from './cfs.ts';

type S<Name extends keyof components['schemas']> = components['schemas'][Name];
type AddResult = ResultOf<operations['addToCustomerCart']>;

/**
 * How one operation honours an `Idempotency-Key`. A record keeps the first answer's status and message
 * and a small reference, never the whole answer. A repeat of a cart write answers the cart as it is
 * now: a client puts the answer's cart in its cache, and an older cart there would undo, on screen, a
 * write made since. What only the first answer knew (products refused, quantities capped; the line of
 * an update since removed) is in the reference.
 */
export interface KeyedWrite {
  /** What the key stands for; the same key with another scope is refused with `refusal`. */
  scope(input: { operationId: string; path: unknown; body: unknown }): Promise<string> | string;
  refusal: string;
  /** The part of the first answer a repeat needs. */
  reference(body: unknown): unknown;
  /** The answer to a repeat. */
  replay(record: IdempotencyRecord, context: SandboxContext): JsonReply<unknown>;
}

const fingerprint: KeyedWrite['scope'] = ({ operationId, path, body }) =>
  requestFingerprint(operationId, path, body);
const cartRefusal = 'This Idempotency-Key was already used for another request';
const acknowledged: Pick<KeyedWrite, 'reference' | 'replay'> = {
  reference: () => undefined,
  replay: (record) => ({ body: { success: true }, message: record.message }),
};

type LineReference = Omit<CartLineRecord, 'store' | 'customer_id'>;

export const KEYED_WRITES: Readonly<Record<string, KeyedWrite>> = {
  addToCustomerCart: {
    scope: fingerprint,
    refusal: cartRefusal,
    // Everything but the cart itself: the products refused and the quantities capped.
    reference: (body) => {
      const { Products: _cart, ...rest } = (body ?? {}) as Partial<AddResult>;
      return rest;
    },
    replay: (record, context) => {
      const { customer, store } = customerOf(context);
      const first = (record.reference ?? {}) as Partial<AddResult>;
      const body: AddResult = {
        rejected: [],
        capped: [],
        ...first,
        Products: cartView(context, store, customer.customer_id).Products,
      };
      return { body, message: record.message };
    },
  },
  updateCustomerCartItem: {
    scope: fingerprint,
    refusal: cartRefusal,
    reference: (body): LineReference => {
      const item = body as S<'CartItem'>;
      return {
        id: item.id,
        product_id: item.product,
        quantity: item.cart_quantity,
        slot_id: item.slot?.slot_id ?? null,
        added_at: item.added_at,
      };
    },
    replay: (record, context) => {
      const { customer, store } = customerOf(context);
      const written = record.reference as LineReference;
      const now = cartLines(context, store, customer.customer_id).find((l) => l.line.id === written.id);
      const product = context.seed.product(written.product_id)?.product;
      const entry =
        now ??
        (product && {
          line: { ...written, store: store.name, customer_id: customer.customer_id },
          product,
          quantity: written.quantity,
        });
      if (!entry) return { body: { success: true }, message: record.message };
      return { body: cartItem(context, entry), message: record.message };
    },
  },
  removeCustomerCartItem: { scope: fingerprint, refusal: cartRefusal, ...acknowledged },
  clearCustomerCart: { scope: fingerprint, refusal: cartRefusal, ...acknowledged },
  createOrder: {
    // One order per checkout: a repeat for the same checkout is answered, whatever else it says.
    scope: ({ body }) => (body as { checkout_id: string }).checkout_id,
    refusal: 'This Idempotency-Key was already used for another checkout',
    reference: (body) => body as S<'CreatedOrder'>,
    replay: (record) => ({ body: record.reference, message: 'Order already placed' }),
  },
};
