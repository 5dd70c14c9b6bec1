import type { Schema } from '@marketkit/sdk';
import type { BuyNowItem, GuestCartItem } from './guest-cart.ts';
import { MAX_CART_QUANTITY } from './guest-cart.ts';
import { blockedOn, type PathnameRule } from './routes.ts';

export interface GuestCartMergePlan {
  /** One POST with every product the server cart does not have. */
  create: { product: number; cart_quantity: number; slot_id?: number }[];
  /** One PUT per product already on the server, with the quantities summed. */
  update: { cartItemId: number; product: number; cart_quantity: number; slot_id?: number }[];
}

/**
 * What to send to merge the guest cart into the server cart (DESIGN.md): new products in one create
 * list, products already on the server as updates with summed quantities (capped at 999).
 */
export function planGuestCartMerge(
  local: readonly GuestCartItem[],
  server: readonly Schema<'CartItem'>[],
): GuestCartMergePlan {
  const onServer = new Map(server.map((line) => [line.product, line]));
  const plan: GuestCartMergePlan = { create: [], update: [] };
  for (const item of local) {
    const line = onServer.get(item.productId);
    const slot = item.slotId === null ? {} : { slot_id: item.slotId };
    if (line)
      plan.update.push({
        cartItemId: line.id,
        product: item.productId,
        cart_quantity: Math.min(MAX_CART_QUANTITY, line.cart_quantity + item.cartQuantity),
        ...slot,
      });
    else plan.create.push({ product: item.productId, cart_quantity: item.cartQuantity, ...slot });
  }
  return plan;
}

/** The end quantity each line of a planned merge must reach (kept until the server confirmed them). */
export type MergeTargets = Record<string, { quantity: number; kind: 'create' | 'update' }>;

export interface ResumableMergePlan extends GuestCartMergePlan {
  /** Lines a previous, interrupted merge already got onto the server: they only leave the device. */
  done: number[];
  /** What to journal before sending this plan. */
  targets: MergeTargets;
}

/**
 * Plans a merge that may resume an interrupted one: a journaled create the server already shows went
 * through; a journaled update the server already shows at its target went through; any other update is
 * re-sent with the journaled absolute quantity (so sending it again can never double anything).
 */
export function planResumableMerge(
  local: readonly GuestCartItem[],
  server: readonly Schema<'CartItem'>[],
  journal: MergeTargets | null,
): ResumableMergePlan {
  const resumed = journal ?? {};
  const onServer = new Map(server.map((line) => [line.product, line]));
  const done: number[] = [];
  const fresh = local.filter((item) => {
    const target = resumed[item.productId];
    const line = onServer.get(item.productId);
    if (target && line && (target.kind === 'create' || line.cart_quantity === target.quantity)) {
      done.push(item.productId);
      return false;
    }
    return true;
  });
  const plan = planGuestCartMerge(fresh, server);
  for (const update of plan.update) {
    const target = resumed[update.product];
    if (target?.kind === 'update') update.cart_quantity = target.quantity;
  }
  const targets: MergeTargets = {};
  for (const create of plan.create)
    targets[create.product] = { quantity: create.cart_quantity, kind: 'create' };
  for (const update of plan.update)
    targets[update.product] = { quantity: update.cart_quantity, kind: 'update' };
  return { ...plan, done, targets };
}

/** Where the guest-cart merge of a provider stands (one for every `useGuestCartMerge`). */
export type GuestCartMergeStatus = 'idle' | 'merging' | 'done' | 'failed';

/**
 * Whether this device holds anything for a merge to send: a guest-cart line the server has not refused,
 * a half-done merge's journal, or a buy-now item saved before sign-in.
 */
export const hasGuestCartToMerge = (
  items: readonly { error?: string | null | undefined }[],
  journal: unknown,
  buyNow: unknown,
) => items.some((item) => !item.error) || journal != null || buyNow != null;

/**
 * Whether a provider starts the merge by itself: a signed-in shopper with something to merge, on any
 * page the app's rule does not block (`blockedOn`, e.g. its sign-in pages; the cart page merges unless
 * the app says otherwise), once per session (`idle`: not tried yet; a failed merge waits for `merge()`
 * or the next start).
 */
export const shouldStartGuestCartMerge = (input: {
  signedIn: boolean;
  pathname: string;
  status: GuestCartMergeStatus;
  pending: boolean;
  blockedOn?: PathnameRule | undefined;
}) =>
  input.signedIn && input.pending && input.status === 'idle' && !blockedOn(input.pathname, input.blockedOn);

/**
 * A pending buy-now item saved before sign-in is added to the server cart unless it is already there,
 * or the app's rule blocks the page (`blockedOn`: a reference storefront skips checkout, payment,
 * sign-in and product pages, where the shopper is buying that item on its own).
 */
export function shouldAddPendingBuyNow(
  pathname: string,
  pending: BuyNowItem | null,
  serverProductIds: readonly number[],
  rule?: PathnameRule,
): boolean {
  if (!pending || blockedOn(pathname, rule)) return false;
  return !serverProductIds.includes(pending.productId);
}
