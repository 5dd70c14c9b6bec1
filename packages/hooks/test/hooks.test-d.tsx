import type { ResponseBody, Schema } from '@marketkit/sdk';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  CartDisplayItem,
  CheckoutSteps,
  GuestCartMergePlan,
  LoadState,
  PaymentSelectionState,
} from '../src/core/index.ts';
import {
  type CartApi,
  type GuestCartMergeApi,
  type MergeOutcome,
  type SessionApi,
  useCart,
  type useCheckout,
  useGuestCartMerge,
  type usePincode,
  useSession,
  type useStoreBootstrap,
  useWishlist,
} from '../src/react/index.ts';

describe('public hook signatures', () => {
  it('useCart returns the same API for guests and signed-in shoppers; mutations return promises', () => {
    expectTypeOf(useCart).returns.toEqualTypeOf<CartApi>();
    expectTypeOf<CartApi['items']>().toEqualTypeOf<CartDisplayItem[]>();
    expectTypeOf<CartApi['add']>().parameters.toEqualTypeOf<
      [product: Schema<'ProductSummary'>, quantity?: number, slotId?: number | null]
    >();
    expectTypeOf<CartApi['add']>().returns.toEqualTypeOf<
      Promise<{ alreadyInCart: boolean; message: string }>
    >();
    expectTypeOf<CartApi['setQuantity']>().returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf<CartApi['source']>().toEqualTypeOf<'server' | 'guest'>();
    expectTypeOf<CartApi['state']>().toEqualTypeOf<LoadState>();
    expectTypeOf<CartApi['reload']>().toEqualTypeOf<() => void>();
    expectTypeOf<ReturnType<typeof useWishlist>['state']>().toEqualTypeOf<LoadState>();
  });

  it('useSession signs in with the contract bodies and answers with the login result', () => {
    expectTypeOf(useSession).returns.toEqualTypeOf<SessionApi>();
    expectTypeOf<SessionApi['signIn']>().returns.toEqualTypeOf<Promise<ResponseBody<'login'>>>();
    expectTypeOf<Parameters<SessionApi['signIn']>[0]>().toHaveProperty('username');
    expectTypeOf<SessionApi['signOut']>().returns.toEqualTypeOf<Promise<boolean>>();
  });

  it('useGuestCartMerge returns its outcome', () => {
    expectTypeOf(useGuestCartMerge).returns.toEqualTypeOf<GuestCartMergeApi>();
    expectTypeOf<GuestCartMergeApi['merge']>().returns.toEqualTypeOf<Promise<MergeOutcome>>();
  });

  it('useCheckout exposes steps, payment selection and order placement', () => {
    type Checkout = ReturnType<typeof useCheckout>;
    expectTypeOf<Checkout['steps']>().toEqualTypeOf<CheckoutSteps>();
    expectTypeOf<Checkout['payment']>().toEqualTypeOf<PaymentSelectionState>();
    expectTypeOf<Checkout['placeOrder']>().returns.toEqualTypeOf<Promise<ResponseBody<'createOrder'>>>();
  });

  it('useStoreBootstrap narrows on status', () => {
    type Bootstrap = ReturnType<typeof useStoreBootstrap>;
    expectTypeOf<Bootstrap['status']>().toEqualTypeOf<
      'loading' | 'unavailable' | 'settings-error' | 'ready'
    >();
    expectTypeOf<Extract<Bootstrap, { status: 'ready' }>['logoUrl']>().toEqualTypeOf<string | null>();
  });

  it('useWishlist filters by item kind and the pincode record is typed', () => {
    expectTypeOf(useWishlist)
      .parameter(0)
      .toEqualTypeOf<
        | { search?: string; type?: Schema<'ItemType'> | 'standard_item,request_item,free_item' | '' }
        | undefined
      >();
    expectTypeOf<ReturnType<typeof usePincode>['pincode']>().toEqualTypeOf<string | null>();
  });

  it('the merge plan is the create list plus the updates', () => {
    expectTypeOf<GuestCartMergePlan['create'][number]>().toEqualTypeOf<{
      product: number;
      cart_quantity: number;
      slot_id?: number;
    }>();
  });
});
