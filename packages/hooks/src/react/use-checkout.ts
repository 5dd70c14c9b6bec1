import { type RequestBody, unwrap } from '@marketkit/sdk';
import { useCallback } from 'react';
import { activePincode, isSavablePincode, type SlotSelection, toCartQuantity } from '../core/index.ts';
import { useMarket } from './provider.tsx';
import { useStoreValue } from './use-store-sync.ts';

/** The saved delivery pincode record (`pincode` + `addressId`); `allProducts` means none. */
export function usePincode() {
  const market = useMarket();
  const saved = useStoreValue(market.state.pincode);
  return {
    pincode: activePincode(saved),
    addressId: saved?.addressId ?? null,
    save: (pincode: string, addressId: number | null = null) => {
      if (!isSavablePincode(pincode)) throw new RangeError('A pincode is 4 to 10 digits');
      market.state.pincode.setState({ pincode, addressId }, true);
      market.queryClient.invalidateQueries({ queryKey: market.keys.all });
    },
    clear: () => market.state.pincode.setState(null, true),
  };
}

/** The single buy-now item, kept across sign-in. */
export function useBuyNow() {
  const market = useMarket();
  const item = useStoreValue(market.state.buyNow);
  return {
    item,
    /** `quantity` is kept to a whole number from 1 to 999, as a cart line's is. */
    set: (productId: number, quantity = 1, slotId: number | null = null) =>
      market.state.buyNow.setState({ productId, quantity: toCartQuantity(quantity) ?? 1, slotId }, true),
    clear: () => market.state.buyNow.setState(null, true),
  };
}

/** Chosen service slots, one per product. */
export function useSlots() {
  const market = useMarket();
  const slots: readonly SlotSelection[] = useStoreValue(market.state.slots);
  return {
    slots,
    slotFor: (productId: number) => slots.find((slot) => slot.product === productId) ?? null,
    select: (productId: number, slotId: number) =>
      market.state.dispatchSlots({ type: 'select', slot: { id: slotId, product: productId } }),
    removeById: (slotId: number) => market.state.dispatchSlots({ type: 'removeById', id: slotId }),
    removeByProduct: (productId: number) =>
      market.state.dispatchSlots({ type: 'removeByProduct', product: productId }),
  };
}

/** Starts a checkout journey from the server cart or from one buy-now item. */
export function useStartCheckout() {
  const market = useMarket();
  return useCallback(
    async (body: RequestBody<'startCheckout'>) => {
      const checkout = await unwrap(
        market.client.POST('/flow-management/rest/v3/checkout-journey', { body }),
      );
      market.queryClient.setQueryData(market.keys.checkout(checkout.checkout_id), checkout);
      return checkout;
    },
    [market],
  );
}
