import { type RequestBody, type Schema, unwrap } from '@marketkit/sdk';
import { useCallback } from 'react';
import { activePincode, type BuyNowItem, type SlotSelection } from '../core/index.ts';
import { asMarketCall } from './market-query.ts';
import { useMarket } from './provider.tsx';
import { useStoreValue } from './use-store-sync.ts';

/** What `usePincode()` returns: the saved delivery pincode, which narrows product lists. */
export interface UsePincodeResult {
  /** The saved pincode, or null for none (`allProducts`). */
  pincode: string | null;
  /** The saved address the pincode came from, if any. */
  addressId: number | null;
  /**
   * Saves a pincode (4 to 10 digits, or `allProducts` for none; anything else throws a `rule` `MarketApiError`, code
   * `INVALID_PINCODE`, and saves nothing) and reloads what depends on it.
   */
  save(pincode: string, addressId?: number | null): void;
  /** Forgets the pincode: lists show every product again. */
  clear(): void;
}

/** The saved delivery pincode record (`pincode` + `addressId`); `allProducts` means none. */
export function usePincode(): UsePincodeResult {
  const market = useMarket();
  const saved = useStoreValue(market.state.pincode);
  return {
    pincode: activePincode(saved),
    addressId: saved?.addressId ?? null,
    save: market.savePincode,
    clear: market.clearPincode,
  };
}

/** What `useBuyNow()` returns: the single item a shopper chose to buy now, kept across sign-in. */
export interface UseBuyNowResult {
  /** The item kept to buy now, or null. */
  item: BuyNowItem | null;
  /** Keeps an item to buy now; `quantity` is kept to a whole number from 1 to 999, as a cart line's is. */
  set(productId: number, quantity?: number, slotId?: number | null): void;
  /** Forgets the item. */
  clear(): void;
}

/** The single buy-now item, kept across sign-in. */
export function useBuyNow(): UseBuyNowResult {
  const market = useMarket();
  const item = useStoreValue(market.state.buyNow);
  return {
    item,
    set: market.setBuyNow,
    clear: market.clearBuyNow,
  };
}

/** What `useSlots()` returns: the service slots the shopper chose, one per product. */
export interface UseSlotsResult {
  /** The chosen slots, one per product. */
  slots: readonly SlotSelection[];
  /** The slot chosen for a product, or null. */
  slotFor(productId: number): SlotSelection | null;
  /** Chooses a product's slot (replacing the one chosen before). */
  select(productId: number, slotId: number): void;
  /** Forgets a chosen slot by its id. */
  removeById(slotId: number): void;
  /** Forgets a product's chosen slot. */
  removeByProduct(productId: number): void;
}

/** Chosen service slots, one per product. */
export function useSlots(): UseSlotsResult {
  const market = useMarket();
  const slots: readonly SlotSelection[] = useStoreValue(market.state.slots);
  return {
    slots,
    slotFor: (productId) => slots.find((slot) => slot.product === productId) ?? null,
    select: market.selectSlot,
    removeById: market.removeSlotById,
    removeByProduct: market.removeSlotByProduct,
  };
}

/**
 * What `useStartCheckout()` returns: starts a checkout journey from the server cart (`{ source:
 * 'cart' }`) or from one item (`{ source: 'buy_now', buy_now_item }`). Resolves with the journey
 * (open it with `useCheckout(checkout.checkout_id)`); rejects with the server's `MarketApiError`.
 */
export type UseStartCheckoutResult = (body: RequestBody<'startCheckout'>) => Promise<Schema<'Checkout'>>;

/** Starts a checkout journey from the server cart or from one buy-now item. */
export function useStartCheckout(): UseStartCheckoutResult {
  const market = useMarket();
  return useCallback(
    (body) =>
      asMarketCall(async () => {
        const checkout = await unwrap(
          market.client.POST('/flow-management/rest/v3/checkout-journey', { body }),
        );
        market.queryClient.setQueryData(market.keys.checkout(checkout.checkout_id), checkout);
        return checkout;
      }),
    [market],
  );
}
