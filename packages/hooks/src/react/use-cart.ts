import { type MarketApiError, ruleError, type Schema } from '@marketkit/sdk';
import { MutationObserver, type MutationObserverOptions } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import {
  type CartLine,
  type CartQuantityCap,
  capCartQuantity,
  type LoadState,
  loadState,
  MAX_CART_QUANTITY,
  toCartQuantity,
} from '../core/index.ts';
import type { CartAddResult, CartBackend, CartChange, CartLineId } from '../store/cart-backend.ts';
import { cartQuery } from '../store/cart-query.ts';
import { asMarketCall, refetchAfterWrite, useMarketQuery } from './market-query.ts';
import { type MarketContextValue, useMarket } from './provider.tsx';
import { useSession } from './use-session.ts';
import { useStoreValue } from './use-store-sync.ts';

export {
  type CartAddCode,
  type CartAddResult,
  type CartLineId,
  QUANTITY_COALESCE_MS,
} from '../store/cart-backend.ts';
export type { CartQuery } from '../store/cart-query.ts';

/**
 * What `useCart()` returns: the same for a guest (this device's cart) and a signed-in shopper (the
 * server cart). Writes are shown at once and rolled back when they fail; they reach the cart in the
 * order they were made (one TanStack Query mutation scope per store's cart).
 */
export interface UseCartResult {
  /** `server` for signed-in shoppers, `guest` for the cart on this device. The API is the same. */
  source: 'server' | 'guest';
  /**
   * The cart's lines, oldest first. A guest's include the entries the server refused at a merge (with
   * `error`); a signed-in shopper's are the server's.
   */
  lines: CartLine[];
  /**
   * Signed in: the entries of this device's cart the server refused during the merge, each with the
   * server's message (`error`). They are not cart lines (not in `lines`, `count` or `quantity`, never
   * checked out); `remove(entry.id)` drops one. Always empty for a guest, whose `lines` carry them.
   */
  refused: CartLine[];
  /** Lines in the cart. */
  count: number;
  /** Units in the cart (the sum of the lines' quantities): what a cart badge shows. */
  quantity: number;
  /**
   * The signed-in shopper's cart exactly as the server sent it (`Products`, `summary`,
   * `payment_type_restrictions`), or null (a guest, or not loaded yet). `lines` is the same cart in
   * the shape both carts share.
   */
  serverCart: Schema<'CustomerCart'> | null;
  /** The server's totals (signed in), else null. */
  summary: Schema<'PriceSummary'> | null;
  /** The server cart's first read is under way (never for a guest). */
  isLoading: boolean;
  /** Why the server cart could not be read, else null. */
  error: MarketApiError | null;
  /**
   * `loading`, `failed` (the server cart could not be loaded: show the failure and `reload`, never an
   * empty cart), `empty` or `ready`. A guest's cart is on the device: never loading, never failed.
   */
  state: LoadState;
  /** Asks the server for the cart again (after a failure); nothing to do for a guest's cart. */
  reload(): void;
  /** Whether a product has a line in the cart. */
  isInCart(productId: number): boolean;
  /**
   * Adds a product (`quantity` a whole number, cut to the stock and to 999; `slotId` for a service that needs
   * one). A product already in the cart gets its line set to `quantity` (the latest wins). Resolves
   * with a code to translate (`ADDED`, `ALREADY_IN_CART`) and `capped` when the line holds fewer
   * units than asked (the stock, or 999 a line); a refusal rejects with the server's `MarketApiError`.
   */
  add(product: Schema<'ProductSummary'>, quantity?: number, slotId?: number | null): Promise<CartAddResult>;
  /**
   * Sets a line's quantity, a whole number of at least 1 (else it rejects with a `rule`
   * `MarketApiError`, code `BAD_REQUEST`, `details.field` `quantity`), cut to the line's stock and to
   * 999: then it resolves with `capped`. Shown at once; on the server, one request per line once the
   * changes stop for `QUANTITY_COALESCE_MS` (or the cart leaves the screen); a refusal rolls the line
   * back to what the server last confirmed.
   */
  setQuantity(id: CartLineId, quantity: number): Promise<{ capped: CartQuantityCap | null }>;
  /** Removes a line, or (signed in) a `refused` entry of this device, named by its `id`. */
  remove(id: CartLineId): Promise<void>;
  /** Empties the cart (shown at once, back as it was if the server refuses). */
  clear(): Promise<void>;
}

/** Per provider: whether a write has gone to the server since the cart was last read again. */
const unread = new WeakMap<MarketContextValue, { sent: boolean }>();

/** A write: the change, and the cart it goes to (chosen when it was made). */
interface Write<Change extends CartChange> {
  backend: CartBackend;
  change: Change;
}

/** How a failed write is taken back (nothing to take back for some). */
type Undo = (() => void) | undefined;

type WriteOptions = Pick<
  MutationObserverOptions<unknown, MarketApiError, Write<CartChange>, Undo>,
  'mutationKey' | 'scope' | 'networkMode' | 'onMutate' | 'onError' | 'onSettled'
>;

/**
 * One kind of cart write as a mutation: what it sends, with the options every cart write shares. An
 * observer per write that nobody subscribes to: the cart shows its writes through the cart itself, so
 * a write's pending and settled states re-render no component (a click's frame holds the cart change
 * and the button alone).
 */
function useWrite<Change extends CartChange, Result>(
  market: MarketContextValue,
  options: WriteOptions,
  work: (backend: CartBackend, change: Change) => Promise<Result>,
) {
  return useCallback(
    (write: Write<Change>) => {
      const observer = new MutationObserver<Result, MarketApiError, Write<Change>, Undo>(market.queryClient, {
        ...options,
        mutationFn: ({ backend, change }) => asMarketCall(() => work(backend, change)),
      });
      // Let go of the mutation once settled, so the cache can drop it in time (as at an unmount).
      return observer.mutate(write).finally(observer.reset);
    },
    [market, options, work],
  );
}

type AddChange = Extract<CartChange, { kind: 'add' }>;
type QuantityChange = Extract<CartChange, { kind: 'quantity' }>;
type RemoveChange = Extract<CartChange, { kind: 'remove' }>;
type ClearChange = Extract<CartChange, { kind: 'clear' }>;
const sendAdd = (backend: CartBackend, change: AddChange) => backend.add(change);
const sendQuantity = (backend: CartBackend, change: QuantityChange) => backend.update(change);
const sendRemove = (backend: CartBackend, change: RemoveChange) => backend.remove(change);
const sendClear = (backend: CartBackend, _change: ClearChange) => backend.clear();

/**
 * The cart's writes as TanStack Query mutations: shown at once (`onMutate`), taken back when they
 * fail (`onError`), and run one after another in the cart's `scope`, so a line's changes (and a
 * `clear` before an `add`) reach the cart in the order they were made. Once the last of them has
 * settled, the server cart is read again.
 */
function useCartWrites(market: MarketContextValue) {
  const options = useMemo((): WriteOptions => {
    const mutationKey = [market.store, 'cart'];
    let since = unread.get(market);
    if (!since) {
      since = { sent: false };
      unread.set(market, since);
    }
    const writes = since;
    return {
      mutationKey,
      scope: { id: `${market.store}:cart` },
      // A dropped connection fails the write at once (the SDK says so); it is not held until online.
      networkMode: 'always',
      onMutate: ({ backend, change }) => backend.preview(change),
      onError: (_error, _write, undo) => undo?.(),
      onSettled: async (_data, _error, { backend, change }) => {
        writes.sent ||= backend.sends(change);
        // The last write of a burst: the cart as the server now has it replaces what was shown.
        if (writes.sent && market.queryClient.isMutating({ mutationKey }) <= 1) {
          writes.sent = false;
          await refetchAfterWrite(market.queryClient, market.keys.cart());
        }
      },
    };
  }, [market]);
  return {
    add: useWrite(market, options, sendAdd),
    update: useWrite(market, options, sendQuantity),
    remove: useWrite(market, options, sendRemove),
    clear: useWrite(market, options, sendClear),
  };
}

/** The cart: the server cart when signed in, the device's cart for guests. */
export function useCart(): UseCartResult {
  const market = useMarket();
  const signedIn = useSession().status === 'signed-in';
  const guest = useStoreValue(market.state.guestCart);
  const { queryKey, queryFn } = cartQuery(market);
  const query = useMarketQuery({ queryKey, queryFn, enabled: signedIn });
  // Chosen once, by session: everything below is the same for both carts.
  const backend = market.cart(signedIn);
  const writes = useCartWrites(market);

  const lines = useMemo(() => backend.lines(query.data, guest), [backend, query.data, guest]);
  const refused = useMemo(() => backend.refused(guest), [backend, guest]);
  const isInCart = useCallback(
    (productId: number) => lines.some((line) => line.product === productId),
    [lines],
  );

  // Leaving the screen sends the quantities chosen here at once instead of waiting for more clicks.
  const changedHere = useRef(false);
  useEffect(
    () => () => {
      if (changedHere.current) backend.flush();
    },
    [backend],
  );

  const add = useCallback<UseCartResult['add']>(
    async (product, quantity = 1, slotId = null) => {
      // Cut to the stock and to 999 before sending; the server may still stop a line it summed at 999.
      const { quantity: sent, capped } = capCartQuantity(quantity, product.quantity);
      const result = await writes.add({ backend, change: { kind: 'add', product, quantity: sent, slotId } });
      // The server's cap is of what was sent: the shopper asked for `capped.requested` when cut here too.
      if (result.capped && capped) result.capped.requested = capped.requested;
      return result.capped ? result : { ...result, capped };
    },
    [backend, writes.add],
  );
  // Read when a quantity is set (the line's stock caps it), without a new `setQuantity` per read.
  const shownLines = useRef(lines);
  shownLines.current = lines;
  const setQuantity = useCallback<UseCartResult['setQuantity']>(
    async (id, quantity) => {
      if (toCartQuantity(quantity) === undefined)
        throw ruleError('BAD_REQUEST', `A cart quantity is a whole number from 1 to ${MAX_CART_QUANTITY}`, {
          field: 'quantity',
          min: 1,
          max: MAX_CART_QUANTITY,
        });
      const stock = shownLines.current.find((line) => line.id === id)?.stock ?? 0;
      const { quantity: count, capped } = capCartQuantity(quantity, stock);
      changedHere.current = true;
      await writes.update({ backend, change: { kind: 'quantity', id, quantity: count } });
      return { capped };
    },
    [backend, writes.update],
  );
  const remove = useCallback<UseCartResult['remove']>(
    (id) => writes.remove({ backend, change: { kind: 'remove', id } }),
    [backend, writes.remove],
  );
  const clear = useCallback<UseCartResult['clear']>(
    () => writes.clear({ backend, change: { kind: 'clear' } }),
    [backend, writes.clear],
  );
  const { refetch } = query;
  const reload = useCallback(() => {
    if (!backend.local) void refetch();
  }, [backend, refetch]);

  const serverCart = backend.local ? null : (query.data ?? null);
  return {
    source: backend.source,
    lines,
    refused,
    count: lines.length,
    quantity: lines.reduce((sum, line) => sum + line.cart_quantity, 0),
    serverCart,
    summary: serverCart?.summary ?? null,
    isLoading: !backend.local && query.isLoading,
    error: backend.local ? null : query.error,
    state: loadState(
      backend.local
        ? { hasData: true, isFetching: false, error: null }
        : { hasData: query.data !== undefined, isFetching: query.isFetching, error: query.error },
      lines.length,
    ),
    reload,
    isInCart,
    add,
    setQuantity,
    remove,
    clear,
  };
}
