import { MarketApiError, type Schema, unwrap } from '@marketkit/sdk';
import {
  type CartLine,
  type CartQuantityCap,
  type GuestCartState,
  guestCartDisplay,
  guestCartKey,
  isInGuestCart,
  refusedGuestCartDisplay,
  serverCartDisplay,
} from '../core/index.ts';
import type { MarketContextValue } from './market.ts';
import { idempotency } from './random.ts';

type CartData = Schema<'CustomerCart'>;
type CartItem = Schema<'CartItem'>;
type ProductSummary = Schema<'ProductSummary'>;
type Market = Pick<MarketContextValue, 'client' | 'keys' | 'queryClient' | 'state'>;

/** How long quantity changes of one line are gathered into a single request (once they stop). */
export const QUANTITY_COALESCE_MS = 300;

/** What names a cart line: the server's line id (a number), or a guest's key (`p{productId}`). */
export type CartLineId = CartLine['id'];

/**
 * What `useCart().add` did, as a stable code to translate (the hooks write no shopper text):
 * `ADDED` (a new line) or `ALREADY_IN_CART` (the product was there: its line now has the quantity
 * given, the latest wins).
 */
export type CartAddCode = 'ADDED' | 'ALREADY_IN_CART';

/** The result of `useCart().add`. A refusal is not a result: `add` rejects with a `MarketApiError`. */
export interface CartAddResult {
  /** What happened; show your own text for it (e.g. "Added to cart"). */
  code: CartAddCode;
  /** `code === 'ALREADY_IN_CART'` (a product page then offers "Go to cart"). */
  alreadyInCart: boolean;
  /**
   * The server's own message, in the shopper's language (signed in); null for a guest's cart, which
   * no server saw.
   */
  serverMessage: string | null;
  /**
   * Set when the line holds fewer units than asked: cut to the stock before sending, or to the most a
   * line holds (999, also when the server added to a line this device did not know of). Else null.
   */
  capped: CartQuantityCap | null;
}

/** One change to a cart, as `useCart` hands it to the cart's backend. */
export type CartChange =
  | { kind: 'add'; product: ProductSummary; quantity: number; slotId: number | null }
  | { kind: 'quantity'; id: CartLineId; quantity: number }
  | { kind: 'remove'; id: CartLineId }
  | { kind: 'clear' };

/**
 * One cart, wherever it lives: the signed-in shopper's server cart, or this device's cart for a
 * guest. `useCart` picks one by session, once; its reads and writes are the same for both.
 */
export interface CartBackend {
  /** `server` or `guest`, as `useCart().source`. */
  readonly source: 'server' | 'guest';
  /** The cart's lines, from the server's answer or from the device's stored cart. */
  lines(serverCart: CartData | undefined, guest: GuestCartState): CartLine[];
  /** Entries of this device the server refused at the merge, shown apart (signed in only). */
  refused(guest: GuestCartState): CartLine[];
  /** Whether the cart is on this device: never loading, never failed, nothing to read again. */
  readonly local: boolean;
  /** Adds a product (see `useCart().add`). */
  add(change: Extract<CartChange, { kind: 'add' }>): Promise<CartAddResult>;
  /** Sets a line's quantity; the server's are gathered per line until the changes stop. */
  update(change: Extract<CartChange, { kind: 'quantity' }>): Promise<void>;
  /** Removes a line, or an entry of this device named by its guest key. */
  remove(change: Extract<CartChange, { kind: 'remove' }>): Promise<void>;
  /** Empties the cart. */
  clear(): Promise<void>;
  /**
   * Shows a change at once, before it is confirmed, and gives back how to take it back when it fails
   * (nothing for a guest: a change on the device is final at once).
   */
  preview(change: CartChange): (() => void) | undefined;
  /** Whether the change goes to the server (the cart is read again once the writes settle). */
  sends(change: CartChange): boolean;
  /** Sends gathered quantity changes now instead of waiting for the clicks to stop. */
  flush(): void;
}

const NONE: CartLine[] = [];

/** The whole answer of a call (its message too), or the call's `MarketApiError`. */
async function answer<Data extends { response_body: unknown; response_message: string }>(
  call: Promise<{ data?: Data; error?: unknown; response: Response }>,
): Promise<Data> {
  const result = await call;
  await unwrap(Promise.resolve(result));
  return result.data as Data;
}

/**
 * Whether a change goes to the server: one of an entry of this device (named by a guest key: an entry
 * the server refused at the merge) never does.
 */
const sendsToServer = (change: CartChange) =>
  !((change.kind === 'remove' || change.kind === 'quantity') && typeof change.id === 'string');

const addResult = (
  alreadyInCart: boolean,
  serverMessage: string | null,
  capped: CartQuantityCap | null = null,
): CartAddResult => ({
  code: alreadyInCart ? 'ALREADY_IN_CART' : 'ADDED',
  alreadyInCart,
  serverMessage,
  capped,
});

/** A guest key names an entry of this device (a number there is a product id). */
const deviceKey = (id: CartLineId) => (typeof id === 'number' ? guestCartKey(id) : id);

/** This device's cart (a guest's): every change is made on the device, at once. */
function guestBackend({ state }: Market): CartBackend {
  return {
    source: 'guest',
    local: true,
    lines: (_server, guest) => guestCartDisplay(guest),
    refused: () => NONE,
    add: async ({ product, quantity, slotId }) => {
      const alreadyInCart = isInGuestCart(state.guestCart.getState(), product.product_id);
      state.dispatchGuestCart({ type: 'add', product, quantity, slotId });
      return addResult(alreadyInCart, null);
    },
    update: async ({ id, quantity }) =>
      state.dispatchGuestCart({ type: 'setQuantity', key: deviceKey(id), quantity }),
    remove: async ({ id }) => state.dispatchGuestCart({ type: 'remove', key: deviceKey(id) }),
    clear: async () => state.dispatchGuestCart({ type: 'clear' }),
    preview: () => undefined,
    sends: () => false,
    flush: () => undefined,
  };
}

/** The quantity changes of one server line not yet confirmed, and what the server last confirmed. */
interface LineWrites {
  /** Changes shown but not yet part of a request. */
  unsent: Set<CartChange>;
  /** The latest change shown, and its quantity and time. */
  latest: CartChange;
  target: number;
  changedAt: number;
  /** The quantity the server last confirmed (what a failure goes back to). */
  confirmed: number;
  /** Changes shown and not yet settled; the entry goes when none is left. */
  open: number;
  /** The last request, the changes it carried, and the latest change when it left. */
  sent: { covers: Set<CartChange>; upTo: CartChange; result: Promise<void> } | null;
  /** Ends the wait for the clicks to stop. */
  wake: (() => void) | null;
}

/** The signed-in shopper's cart on the server; every write carries an `Idempotency-Key` of its own. */
function serverBackend(market: Market): CartBackend {
  const { client, queryClient } = market;
  const key = market.keys.cart();
  const device = guestBackend(market);
  const current = () => queryClient.getQueryData<CartData>(key);
  const edit = (change: (products: CartItem[]) => CartItem[]) =>
    queryClient.setQueryData<CartData>(key, (cart) => cart && { ...cart, Products: change(cart.Products) });
  const showQuantity = (id: CartLineId, quantity: number) =>
    edit((products) =>
      products.map((line) => (line.id === id ? { ...line, cart_quantity: quantity } : line)),
    );
  const writes = new Map<CartLineId, LineWrites>();

  /** Waits until a line's changes have stopped for `QUANTITY_COALESCE_MS` (or `flush`). */
  const quiet = (line: LineWrites) =>
    new Promise<void>((resolve) => {
      const check = () => {
        const left = line.changedAt + QUANTITY_COALESCE_MS - Date.now();
        if (left <= 0) {
          line.wake = null;
          resolve();
          return;
        }
        const timer = setTimeout(check, left);
        line.wake = () => {
          clearTimeout(timer);
          line.wake = null;
          resolve();
        };
      };
      check();
    });

  return {
    source: 'server',
    local: false,
    lines: (serverCart) => (serverCart ? serverCartDisplay(serverCart.Products) : NONE),
    refused: (guest) => refusedGuestCartDisplay(guest),

    add: async ({ product, quantity, slotId }) => {
      const slot = slotId ? { slot_id: slotId } : {};
      const existing = current()?.Products.find((line) => line.product === product.product_id);
      if (existing) {
        // Same rule as the guest cart: adding again sets that line, latest quantity wins.
        const done = await answer(
          client.PUT('/cfs/rest/v3/customer-cart/{cartItemId}', {
            params: { path: { cartItemId: existing.id }, header: idempotency() },
            body: { cart_quantity: quantity, ...slot },
          }),
        );
        return addResult(true, done.response_message);
      }
      const { data, error, response } = await client.POST('/cfs/rest/v3/customer-cart', {
        params: { header: idempotency() },
        body: { customer_cart: [{ product: product.product_id, cart_quantity: quantity, ...slot }] },
      });
      await unwrap(Promise.resolve({ data, error, response }));
      const refused = data?.response_body.rejected[0];
      // A refused line comes in a 200 answer: it fails like any refusal, with the server's words.
      if (refused)
        throw new MarketApiError({
          kind: 'http',
          status: 422,
          responseMessage: refused.response_message,
          method: 'POST',
          url: response.url,
        });
      // The server adds to a line this device did not know of, and stops it at 999.
      const cut = data?.response_body.capped?.find((line) => line.product === product.product_id);
      const capped = cut
        ? { requested: quantity, allowed: cut.cart_quantity, reason: 'line-limit' as const }
        : null;
      return addResult(false, data?.response_message ?? null, capped);
    },

    update: async (change) => {
      if (!sendsToServer(change)) return device.update(change);
      const line = writes.get(change.id);
      if (!line) return;
      try {
        // Carried by a request already made for this line: its outcome is this change's.
        if (line.sent?.covers.has(change)) return await line.sent.result;
        await quiet(line);
        if (line.sent?.covers.has(change)) return await line.sent.result;
        const target = line.target;
        const covers = line.unsent;
        line.unsent = new Set();
        const result = unwrap(
          client.PUT('/cfs/rest/v3/customer-cart/{cartItemId}', {
            params: { path: { cartItemId: Number(change.id) }, header: idempotency() },
            body: { cart_quantity: target },
          }),
        ).then(() => {
          line.confirmed = target;
        });
        line.sent = { covers, upTo: line.latest, result };
        await result;
      } finally {
        line.open -= 1;
        if (line.open === 0 && writes.get(change.id) === line) writes.delete(change.id);
      }
    },

    remove: async (change) => {
      // A guest key names an entry of this device the server refused: it was never on the server.
      if (!sendsToServer(change)) return device.remove(change);
      await unwrap(
        client.DELETE('/cfs/rest/v3/customer-cart/{cartItemId}', {
          params: { path: { cartItemId: Number(change.id) }, header: idempotency() },
        }),
      );
    },

    clear: async () => {
      await unwrap(client.DELETE('/cfs/rest/v3/customer-cart', { params: { header: idempotency() } }));
    },

    preview: (change) => {
      if (!sendsToServer(change)) return undefined;
      // A read under way must not overwrite what is shown.
      void queryClient.cancelQueries({ queryKey: key });
      const before = current();
      switch (change.kind) {
        // A new line needs the server's id: an add shows once the server has it.
        case 'add':
          return undefined;
        case 'quantity': {
          const shown = before?.Products.find((line) => line.id === change.id)?.cart_quantity;
          let line = writes.get(change.id);
          if (!line) {
            line = {
              unsent: new Set(),
              latest: change,
              target: change.quantity,
              changedAt: 0,
              confirmed: shown ?? change.quantity,
              open: 0,
              sent: null,
              wake: null,
            };
            writes.set(change.id, line);
          }
          line.unsent.add(change);
          line.latest = change;
          line.target = change.quantity;
          line.changedAt = Date.now();
          line.open += 1;
          showQuantity(change.id, change.quantity);
          const entry = line;
          // Back to what the server last confirmed, unless a later change is still to be sent.
          return () => {
            if (!entry.sent || entry.latest === entry.sent.upTo) showQuantity(change.id, entry.confirmed);
          };
        }
        case 'remove': {
          const index = before?.Products.findIndex((line) => line.id === change.id) ?? -1;
          const removed = before?.Products[index];
          if (!removed) return undefined;
          edit((products) => products.filter((line) => line.id !== change.id));
          return () =>
            edit((products) =>
              products.some((line) => line.id === removed.id)
                ? products
                : [...products.slice(0, index), removed, ...products.slice(index)],
            );
        }
        case 'clear': {
          if (!before) return undefined;
          edit(() => []);
          return () =>
            queryClient.setQueryData<CartData>(key, (cart) => (cart?.Products.length ? cart : before));
        }
      }
    },

    sends: sendsToServer,

    flush: () => {
      for (const line of writes.values()) {
        line.changedAt = Number.NEGATIVE_INFINITY;
        line.wake?.();
      }
    },
  };
}

/** Both carts of a provider, made once: the server's keeps its lines' gathered changes. */
const backends = new WeakMap<Market, { server: CartBackend; guest: CartBackend }>();

/** The server cart (signed in) or this device's cart (a guest) of a provider. */
export function cartBackend(market: Market, signedIn: boolean): CartBackend {
  let both = backends.get(market);
  if (!both) {
    both = { server: serverBackend(market), guest: guestBackend(market) };
    backends.set(market, both);
  }
  return signedIn ? both.server : both.guest;
}
