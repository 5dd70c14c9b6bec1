import { MarketApiError, type Schema, unwrap } from '@marketkit/sdk';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import {
  type CartDisplayItem,
  guestCartDisplay,
  guestCartKey,
  isInGuestCart,
  type LoadState,
  loadState,
  refusedGuestCartDisplay,
  serverCartDisplay,
  toCartQuantity,
} from '../core/index.ts';
import { cartQuery } from './cart-query.ts';
import { useMarket } from './provider.tsx';
import { idempotency } from './random.ts';
import { useSession } from './use-session.ts';
import { useStoreValue } from './use-store-sync.ts';

/** How long quantity clicks on one line are gathered into a single request. */
export const QUANTITY_COALESCE_MS = 300;

export interface CartApi {
  /** `server` for signed-in shoppers, `guest` for the cart on this device. The API is the same. */
  source: 'server' | 'guest';
  items: CartDisplayItem[];
  /**
   * Signed in: the entries of this device's cart the server refused during the merge, each with the
   * server's message (`error`). They are not cart lines (not in `items`, `count` or `quantity`, never
   * checked out); `remove(entry.id)` drops one. Always empty for a guest, whose `items` carry them.
   */
  refused: CartDisplayItem[];
  /** Lines in the cart. */
  count: number;
  /** Units in the cart (the sum of the lines' quantities): what a cart badge shows. */
  quantity: number;
  isLoading: boolean;
  error: unknown;
  /**
   * `loading`, `failed` (the server cart could not be loaded: show the failure and `reload`, never an
   * empty cart), `empty` or `ready`. A guest's cart is on the device: never loading, never failed.
   */
  state: LoadState;
  /** Asks the server for the cart again (after a failure); nothing to do for a guest's cart. */
  reload(): void;
  /** Server totals (signed-in only). */
  summary: Schema<'PriceSummary'> | null;
  isInCart(productId: number): boolean;
  /** Adds a product; resolves `alreadyInCart: true` when it was there (the product page shows "Go to cart"). */
  add(
    product: Schema<'ProductSummary'>,
    quantity?: number,
    slotId?: number | null,
  ): Promise<{ alreadyInCart: boolean; message: string }>;
  /** Sets a line's quantity (an integer ≥ 1): shown at once, sent once clicks stop, rolled back on failure. */
  setQuantity(id: string | number, quantity: number): Promise<void>;
  /** Removes a line, or (signed in) a `refused` entry of this device, named by its `id`. */
  remove(id: string | number): Promise<void>;
  clear(): Promise<void>;
}

type CartData = Schema<'CustomerCart'>;

/** The cart (spec §4 "Cart"): the server cart when signed in, the device's cart for guests. */
export function useCart(): CartApi {
  const market = useMarket();
  const session = useSession();
  const queryClient = useQueryClient();
  const signedIn = session.status === 'signed-in';
  const guest = useStoreValue(market.state.guestCart);
  const key = market.keys.cart();
  const query = useQuery({ ...cartQuery(market), enabled: signedIn });
  // Per line: the quantity the server last confirmed, the one to send, its waiters, and a chain so
  // requests for one line never overlap.
  const queues = useRef(
    new Map<
      string | number,
      {
        timer: ReturnType<typeof setTimeout> | undefined;
        target: number;
        confirmed: number;
        waiters: { resolve: () => void; reject: (error: unknown) => void }[];
        chain: Promise<void>;
      }
    >(),
  );
  const flushRef = useRef<(id: string | number) => void>(() => {});
  flushRef.current = (id) => {
    const queue = queues.current.get(id);
    if (!queue?.timer) return;
    clearTimeout(queue.timer);
    queue.timer = undefined;
    const waiters = queue.waiters;
    queue.waiters = [];
    const target = queue.target;
    queue.chain = queue.chain.then(async () => {
      try {
        await unwrap(
          market.client.PUT('/cfs/rest/v3/customer-cart/{cartItemId}', {
            params: { path: { cartItemId: Number(id) }, header: idempotency() },
            body: { cart_quantity: target },
          }),
        );
        queue.confirmed = target;
        for (const waiter of waiters) waiter.resolve();
      } catch (error) {
        // Roll back this line only, to what the server last confirmed.
        queryClient.setQueryData<CartData>(
          key,
          (cart) =>
            cart && {
              ...cart,
              Products: cart.Products.map((l) =>
                l.id === id ? { ...l, cart_quantity: queue.confirmed } : l,
              ),
            },
        );
        for (const waiter of waiters) waiter.reject(error);
      } finally {
        await queryClient.invalidateQueries({ queryKey: key });
      }
    });
  };
  useEffect(() => {
    const pending = queues.current;
    // Leaving the screen sends what the shopper chose at once instead of dropping it.
    return () => {
      for (const id of pending.keys()) flushRef.current(id);
    };
  }, []);

  const items = useMemo(
    () => (signedIn ? serverCartDisplay(query.data?.Products ?? []) : guestCartDisplay(guest)),
    [signedIn, query.data, guest],
  );
  const refused = useMemo(() => (signedIn ? refusedGuestCartDisplay(guest) : []), [signedIn, guest]);

  const isInCart = useCallback(
    (productId: number) =>
      signedIn
        ? (query.data?.Products ?? []).some((l) => l.product === productId)
        : isInGuestCart(guest, productId),
    [signedIn, query.data, guest],
  );

  const add = useCallback<CartApi['add']>(
    async (product, quantity = 1, slotId = null) => {
      const count = toCartQuantity(quantity) ?? 1;
      if (!signedIn) {
        const alreadyInCart = isInGuestCart(market.state.guestCart.getState(), product.product_id);
        market.state.dispatchGuestCart({ type: 'add', product, quantity: count, slotId });
        return { alreadyInCart, message: alreadyInCart ? 'Already in your cart' : 'Added to cart' };
      }
      const existing = (queryClient.getQueryData<CartData>(key)?.Products ?? []).find(
        (l) => l.product === product.product_id,
      );
      if (existing) {
        // Same rule as the guest cart (DESIGN.md): adding again sets that line, latest quantity wins.
        await unwrap(
          market.client.PUT('/cfs/rest/v3/customer-cart/{cartItemId}', {
            params: { path: { cartItemId: existing.id }, header: idempotency() },
            body: { cart_quantity: count, ...(slotId ? { slot_id: slotId } : {}) },
          }),
        );
        await queryClient.invalidateQueries({ queryKey: key });
        return { alreadyInCart: true, message: 'Already in your cart' };
      }
      const alreadyInCart = false;
      const { data, error, response } = await market.client.POST('/cfs/rest/v3/customer-cart', {
        params: { header: idempotency() },
        body: {
          customer_cart: [
            { product: product.product_id, cart_quantity: count, ...(slotId ? { slot_id: slotId } : {}) },
          ],
        },
      });
      await queryClient.invalidateQueries({ queryKey: key });
      // A refusal carries the server's own words, as every other SDK failure does (spec §8).
      const refused = data?.response_body.rejected[0];
      if (!response.ok || !data || refused)
        throw new MarketApiError({
          kind: 'http',
          status: refused ? 422 : response.status,
          responseMessage:
            refused?.response_message ?? error?.response_message ?? 'The product could not be added',
          method: 'POST',
          url: response.url,
        });
      return { alreadyInCart, message: data.response_message };
    },
    [signedIn, market, queryClient, key],
  );

  const setQuantity = useCallback<CartApi['setQuantity']>(
    (id, quantity) => {
      const count = toCartQuantity(quantity);
      if (count === undefined)
        return Promise.reject(new RangeError('A cart quantity is a whole number from 1 to 999'));
      if (!signedIn) {
        market.state.dispatchGuestCart({
          type: 'setQuantity',
          key: typeof id === 'number' ? guestCartKey(id) : id,
          quantity: count,
        });
        return Promise.resolve();
      }
      const cart = queryClient.getQueryData<CartData>(key);
      const current = cart?.Products.find((l) => l.id === id);
      let queue = queues.current.get(id);
      if (!queue) {
        queue = {
          timer: undefined,
          target: count,
          confirmed: current?.cart_quantity ?? count,
          waiters: [],
          chain: Promise.resolve(),
        };
        queues.current.set(id, queue);
      }
      // A refetch under way must not overwrite the optimistic value.
      void queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<CartData>(
        key,
        (data) =>
          data && {
            ...data,
            Products: data.Products.map((l) => (l.id === id ? { ...l, cart_quantity: count } : l)),
          },
      );
      const line = queue;
      return new Promise<void>((resolve, reject) => {
        line.target = count;
        line.waiters.push({ resolve, reject });
        if (line.timer) clearTimeout(line.timer);
        line.timer = setTimeout(() => flushRef.current(id), QUANTITY_COALESCE_MS);
      });
    },
    [signedIn, market, queryClient, key],
  );

  const remove = useCallback<CartApi['remove']>(
    async (id) => {
      // A guest key (text) names an entry on this device: a guest's line, or one the server refused.
      if (!signedIn || typeof id === 'string') {
        market.state.dispatchGuestCart({
          type: 'remove',
          key: typeof id === 'number' ? guestCartKey(id) : id,
        });
        return;
      }
      const previous = queryClient.getQueryData<CartData>(key);
      queryClient.setQueryData<CartData>(
        key,
        (cart) => cart && { ...cart, Products: cart.Products.filter((l) => l.id !== id) },
      );
      try {
        await unwrap(
          market.client.DELETE('/cfs/rest/v3/customer-cart/{cartItemId}', {
            params: { path: { cartItemId: Number(id) }, header: idempotency() },
          }),
        );
      } catch (error) {
        if (previous) queryClient.setQueryData(key, previous);
        throw error;
      } finally {
        await queryClient.invalidateQueries({ queryKey: key });
      }
    },
    [signedIn, market, queryClient, key],
  );

  const clear = useCallback<CartApi['clear']>(async () => {
    if (!signedIn) {
      market.state.dispatchGuestCart({ type: 'clear' });
      return;
    }
    await unwrap(market.client.DELETE('/cfs/rest/v3/customer-cart', { params: { header: idempotency() } }));
    await queryClient.invalidateQueries({ queryKey: key });
  }, [signedIn, market, queryClient, key]);

  const { refetch } = query;
  const reload = useCallback(() => {
    if (signedIn) void refetch();
  }, [signedIn, refetch]);

  return {
    source: signedIn ? 'server' : 'guest',
    items,
    refused,
    count: items.length,
    quantity: items.reduce((sum, item) => sum + item.cart_quantity, 0),
    isLoading: signedIn && query.isLoading,
    error: query.error,
    state: loadState(
      signedIn
        ? { hasData: query.data !== undefined, isFetching: query.isFetching, error: query.error }
        : { hasData: true, isFetching: false, error: null },
      items.length,
    ),
    reload,
    summary: signedIn ? (query.data?.summary ?? null) : null,
    isInCart,
    add,
    setQuantity,
    remove,
    clear,
  };
}
