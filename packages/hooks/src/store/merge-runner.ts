import { isMarketApiError, type MarketApiError, unwrap } from '@marketkit/sdk';
import { hasGuestCartToMerge, planResumableMerge, shouldAddPendingBuyNow } from '../core/index.ts';
import { refetchAfterWrite } from './calls.ts';
import type { CartQuery } from './cart-query.ts';
import type { MarketContextValue, MergeOutcome } from './market.ts';
import { idempotency } from './random.ts';

/** A refusal of one product (4xx): kept with its message. Anything else stops the merge. */
const clientError = (error: unknown): error is MarketApiError =>
  isMarketApiError(error) && error.status >= 400 && error.status < 500;
const messageOf = (error: MarketApiError) => error.responseMessage;

/**
 * Merges the guest cart into the server cart: 1 GET, 1 POST for every new product, 1 PUT per product
 * already on the server (quantities summed). A journal of the intended end quantities is kept first, so
 * a merge cut off by the network finishes on the next start without doubling anything: a planned create
 * that the server already shows is done, and updates set absolute quantities. Local lines leave only
 * after the server confirms them; a line the server refuses stays, with its message.
 *
 * The GET is the cart query's own (`read.cart`): a read of it under way, or one done since
 * `read.requestedAt` (the header's, asked for at the same moment), is used instead of reading again.
 * Callers go through the provider's merge (`useGuestCartMerge`), which runs one at a time.
 */
export function runGuestCartMerge(
  market: MarketContextValue,
  read: { cart: CartQuery; requestedAt: number },
): Promise<MergeOutcome> {
  const locks =
    typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  // One merge at a time across tabs too; each run re-reads the stored cart, so a tab that merged
  // first leaves nothing for the next one to send again.
  const run = (readSince: number) => {
    market.state.reload();
    return merge(market, read.cart, readSince);
  };
  const name = `marketkit-merge:${market.store}`;
  return (
    locks
      ? locks.request(name, { ifAvailable: true }, (lock) =>
          // Another tab is merging: wait for it, and plan on a read made after it was done.
          lock ? run(read.requestedAt) : locks.request(name, () => run(Date.now())),
        )
      : run(read.requestedAt)
  ) as Promise<MergeOutcome>;
}

async function merge(market: MarketContextValue, cart: CartQuery, readSince: number): Promise<MergeOutcome> {
  const { client, state } = market;
  const outcome: MergeOutcome = { merged: [], rejected: [], buyNowAdded: false };
  const items = state.guestCart.getState().items;
  const journal = state.mergeJournal.getState();
  const pending = state.buyNow.getState();
  if (!hasGuestCartToMerge(items, journal, pending)) return outcome;
  const local = items.filter((item) => !item.error);

  // Fresh: an answer the cache got at or after `readSince`; else the read under way, else a new one.
  const server = (
    await market.queryClient.fetchQuery({
      ...cart,
      staleTime: Math.max(0, Date.now() - readSince) + 1,
    })
  ).Products;
  const { done, targets, ...plan } = planResumableMerge(local, server, journal?.targets ?? null);
  state.mergeJournal.setState(Object.keys(targets).length > 0 ? { targets } : null, true);
  if (done.length > 0) {
    state.dispatchGuestCart({ type: 'merged', productIds: done });
    outcome.merged.push(...done);
  }

  if (plan.create.length > 0) {
    try {
      const result = await unwrap(
        client.POST('/cfs/rest/v3/customer-cart', {
          params: { header: idempotency() },
          body: { customer_cart: plan.create },
        }),
      );
      const refused = new Map(result.rejected.map((r) => [r.product, r.response_message]));
      const accepted = plan.create.map((c) => c.product).filter((id) => !refused.has(id));
      state.dispatchGuestCart({ type: 'merged', productIds: accepted });
      outcome.merged.push(...accepted);
      for (const [product, message] of refused) {
        state.dispatchGuestCart({ type: 'rejected', productId: product, message });
        outcome.rejected.push({ product, message });
      }
    } catch (error) {
      if (!clientError(error)) throw error;
      for (const create of plan.create) {
        state.dispatchGuestCart({ type: 'rejected', productId: create.product, message: messageOf(error) });
        outcome.rejected.push({ product: create.product, message: messageOf(error) });
      }
    }
  }
  for (const update of plan.update) {
    try {
      await unwrap(
        client.PUT('/cfs/rest/v3/customer-cart/{cartItemId}', {
          params: { path: { cartItemId: update.cartItemId }, header: idempotency() },
          body: {
            cart_quantity: update.cart_quantity,
            ...(update.slot_id ? { slot_id: update.slot_id } : {}),
          },
        }),
      );
      state.dispatchGuestCart({ type: 'merged', productIds: [update.product] });
      outcome.merged.push(update.product);
    } catch (error) {
      if (!clientError(error)) throw error;
      state.dispatchGuestCart({ type: 'rejected', productId: update.product, message: messageOf(error) });
      outcome.rejected.push({ product: update.product, message: messageOf(error) });
    }
  }
  state.mergeJournal.setState(null, true);

  const serverIds = [...server.map((line) => line.product), ...outcome.merged];
  if (
    shouldAddPendingBuyNow(market.pathname(), pending, serverIds, market.pageRules().buyNowBlockedOn) &&
    pending
  ) {
    await unwrap(
      client.POST('/cfs/rest/v3/customer-cart', {
        params: { header: idempotency() },
        body: {
          customer_cart: [
            {
              product: pending.productId,
              cart_quantity: pending.quantity,
              ...(pending.slotId ? { slot_id: pending.slotId } : {}),
            },
          ],
        },
      }),
    );
    state.buyNow.setState(null, true);
    outcome.buyNowAdded = true;
  }
  // The cart changed on the server: its readers show the merged cart (nothing to read when all was refused).
  if (outcome.merged.length > 0 || outcome.buyNowAdded)
    await refetchAfterWrite(market.queryClient, market.keys.cart());
  return outcome;
}
