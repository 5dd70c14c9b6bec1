import {
  type UseCartResult,
  useCart,
  useGuestCartMerge,
  useProductSlots,
  useSession,
  useStartCheckout,
} from '@marketkit/hooks';
import { type CartLine, cartTotals, maxQuantity } from '@marketkit/hooks/core';
import { Button, Price, QuantityStepper, toast } from '@marketkit/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { productHref } from '../catalogue/links.ts';
import { useMoney } from '../catalogue/money.ts';
import { StoreMoney } from '../catalogue/store-media.tsx';
import { Thumbnail } from '../catalogue/thumbnail.tsx';
import { failureMessage, type Translate } from '../common/failure.ts';
import { BrowseLink, LoadStates } from '../common/load-states.tsx';
import { rememberReturnTo } from '../common/return-to.ts';
import { useFormat } from '../i18n/format.ts';
import type { RouteHandle } from '../i18n/namespaces.ts';

export const handle: RouteHandle = { i18n: ['cart'] };

/** The booked slot of a service line, as a date and a time. */
function SlotLabel({ productId, slotId }: { productId: number; slotId: number }) {
  const format = useFormat();
  const { t } = useTranslation('cart');
  const slots = useProductSlots(productId);
  const slot = slots.data?.find((candidate) => candidate.slot_id === slotId);
  return (
    <p className="text-sm" data-testid="cart-slot">
      {slot
        ? t('slot', {
            date: format.day(slot.slot_date),
            start: format.time(slot.start_time),
            end: format.time(slot.end_time),
          })
        : t('slot_chosen')}
    </p>
  );
}

function Line({ item, cart }: { item: CartLine; cart: Pick<UseCartResult, 'setQuantity' | 'remove'> }) {
  const { t } = useTranslation(['cart', 'common']);
  const money = useMoney();
  const change = async (quantity: number) => {
    try {
      await cart.setQuantity(item.id, quantity);
    } catch (error) {
      toast.error(failureMessage(error, t('update_failed'), t));
    }
  };
  const remove = () => removeLine(cart, item, t('remove_failed'), t);
  return (
    <li className="flex gap-4 border-current/10 border-b py-4" data-testid="cart-line">
      <Thumbnail path={item.image} size={96} className="size-20 sm:size-24" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <Link to={productHref(item.product)} className="font-medium hover:underline">
          {item.product_name}
        </Link>
        {item.price_visible ? (
          <StoreMoney amount={item.final_price} />
        ) : (
          <Price hiddenText={t('common:price_on_request')} />
        )}
        {item.slot_id ? <SlotLabel productId={item.product} slotId={item.slot_id} /> : null}
        {item.error ? (
          <p role="alert" className="text-red-700 text-sm">
            {item.error}
          </p>
        ) : null}
        {/* Tapped before the code runs: done once it does (src/early/event-replay.ts). */}
        <div className="flex flex-wrap items-center gap-3" data-replay>
          <QuantityStepper
            value={item.cart_quantity}
            min={1}
            max={maxQuantity(item.stock)}
            onChange={(quantity) => void change(quantity)}
            label={t('quantity_of', { name: item.product_name })}
            decreaseLabel={t('decrease')}
            increaseLabel={t('increase')}
          />
          <Button variant="tertiary" size="sm" onClick={remove}>
            {t('remove')}
          </Button>
        </div>
      </div>
      {item.price_visible ? (
        <p className="shrink-0 font-semibold" data-testid="line-total">
          {money(item.final_price * item.cart_quantity)}
        </p>
      ) : null}
    </li>
  );
}

/** Removes a line (or a refused entry), saying so in a toast when that fails. */
async function removeLine(cart: Pick<UseCartResult, 'remove'>, item: CartLine, failed: string, t: Translate) {
  try {
    await cart.remove(item.id);
  } catch (error) {
    toast.error(failureMessage(error, failed, t));
  }
}

/**
 * An entry of this device's cart the server refused when the shopper signed in: kept here with the
 * server's words until removed, never part of the cart or its checkout.
 */
function RefusedLine({ item, cart }: { item: CartLine; cart: Pick<UseCartResult, 'remove'> }) {
  const { t } = useTranslation(['cart', 'common']);
  const remove = () => removeLine(cart, item, t('remove_failed'), t);
  return (
    <li className="flex gap-4 border-current/10 border-b py-4" data-testid="refused-line">
      <Thumbnail path={item.image} size={96} className="size-20 opacity-70 sm:size-24" />
      <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
        <Link to={productHref(item.product)} className="font-medium hover:underline">
          {item.product_name}
        </Link>
        <p className="text-sm">{t('refused_quantity', { quantity: item.cart_quantity })}</p>
        <p className="text-red-700 text-sm" data-testid="refused-message">
          {item.error}
        </p>
        <Button
          variant="tertiary"
          size="sm"
          onClick={remove}
          aria-label={t('remove_named', { name: item.product_name })}
        >
          {t('remove')}
        </Button>
      </div>
    </li>
  );
}

/** The entries the server refused, under the cart (signed in; a guest's cart shows them as its lines). */
function RefusedEntries({ cart }: { cart: Pick<UseCartResult, 'refused' | 'remove'> }) {
  const { t } = useTranslation('cart');
  if (cart.refused.length === 0) return null;
  return (
    <section aria-labelledby="refused-title" className="mt-8" data-testid="refused-entries">
      <h2 id="refused-title" className="font-semibold text-lg">
        {t('refused_title')}
      </h2>
      <p className="text-sm opacity-80">{t('refused_hint')}</p>
      <ul>
        {cart.refused.map((item) => (
          <RefusedLine key={item.id} item={item} cart={cart} />
        ))}
      </ul>
    </section>
  );
}

/**
 * A guest-cart merge that failed (the network, the services host), wherever it ran: the lines are still
 * on this device, and "Try again" sends those the server has not confirmed, once. What the server
 * refused entry by entry is not a failure: the shell says it and `RefusedEntries` lists it.
 */
function MergeFailure() {
  const { t } = useTranslation(['cart', 'common']);
  const merge = useGuestCartMerge();
  if (merge.status !== 'failed') return null;
  return (
    <div
      role="alert"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-current/20 p-3"
    >
      <p className="flex-1">{t('merge_failed')}</p>
      {/* A second failure shows this again (the merge's own state): nothing to catch here. */}
      <Button variant="secondary" size="sm" onClick={() => merge.merge().catch(() => undefined)}>
        {t('common:retry')}
      </Button>
    </div>
  );
}

/** The cart (`/cart`): the server cart when signed in, this device's cart for guests; one screen. */
export default function Cart() {
  const { t } = useTranslation(['cart', 'common']);
  const cart = useCart();
  const session = useSession();
  const money = useMoney();
  const navigate = useNavigate();
  const startCheckout = useStartCheckout();
  const [busy, setBusy] = useState(false);
  // The provider runs the guest-cart merge here as on any page; checking out waits for it.
  const mergeStatus = useGuestCartMerge().status;
  const { subtotal, hiddenLines: hidden, serverTotals } = cartTotals(cart.lines, cart.summary);

  const checkout = async () => {
    if (session.status !== 'signed-in') {
      // Guests sign in first and come back here, where their cart has been merged.
      rememberReturnTo('/cart');
      navigate('/signin');
      return;
    }
    setBusy(true);
    try {
      const journey = await startCheckout({ source: 'cart' });
      navigate(`/checkout/${encodeURIComponent(journey.checkout_id)}`);
    } catch (error) {
      toast.error(failureMessage(error, t('checkout_failed'), t));
    } finally {
      setBusy(false);
    }
  };
  const clear = async () => {
    try {
      await cart.clear();
    } catch (error) {
      toast.error(failureMessage(error, t('clear_failed'), t));
    }
  };

  // A server cart that did not load says so, with a retry: never "your cart is empty".
  if (cart.state !== 'ready')
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-3 px-4 py-6">
        <h1 className="font-bold text-2xl">{t('title')}</h1>
        <MergeFailure />
        {/* The server does not draw a shopper's cart: without the code it would stay a placeholder. */}
        <noscript>
          <p role="note">{t('needs_javascript')}</p>
        </noscript>
        <LoadStates
          state={cart.state}
          failed={{
            title: t('load_failed'),
            description: failureMessage(cart.error, '', t) || undefined,
            onRetry: cart.reload,
          }}
          loading={['h-24 w-full', 'h-24 w-full']}
          empty={{
            title: t('empty'),
            description: t('empty_hint'),
            action: <BrowseLink>{t('continue_shopping')}</BrowseLink>,
          }}
        />
        {cart.state === 'empty' ? <RefusedEntries cart={cart} /> : null}
      </div>
    );
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-6 lg:grid-cols-[1fr_20rem]">
      <section aria-labelledby="cart-title">
        <div className="flex items-baseline justify-between gap-3">
          <h1 id="cart-title" className="font-bold text-2xl">
            {t('title')}
          </h1>
          <Button variant="tertiary" size="sm" onClick={clear}>
            {t('clear')}
          </Button>
        </div>
        <MergeFailure />
        <ul>
          {cart.lines.map((item) => (
            <Line key={item.id} item={item} cart={cart} />
          ))}
        </ul>
        <RefusedEntries cart={cart} />
      </section>
      <aside
        aria-labelledby="summary-title"
        className="flex h-fit flex-col gap-3 rounded-lg border border-current/10 p-4"
      >
        <h2 id="summary-title" className="font-semibold text-lg">
          {t('summary')}
        </h2>
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
          <dt>{t('items', { count: cart.quantity })}</dt>
          <dd data-testid="cart-subtotal">
            {subtotal === null ? null : money(serverTotals?.subtotal ?? subtotal)}
          </dd>
          {serverTotals && serverTotals.discount > 0 ? (
            <>
              <dt>{t('discount')}</dt>
              <dd>−{money(serverTotals.discount)}</dd>
            </>
          ) : null}
          {serverTotals ? (
            <>
              <dt>{t('delivery')}</dt>
              <dd>{serverTotals.delivery_charge > 0 ? money(serverTotals.delivery_charge) : t('free')}</dd>
              <dt className="font-semibold">{t('total')}</dt>
              <dd className="font-semibold" data-testid="cart-total">
                {money(serverTotals.total)}
              </dd>
            </>
          ) : null}
        </dl>
        {hidden > 0 ? <p className="text-sm opacity-80">{t('hidden_prices', { count: hidden })}</p> : null}
        {!serverTotals ? <p className="text-sm opacity-80">{t('totals_at_checkout')}</p> : null}
        <Button onClick={checkout} disabled={busy || mergeStatus === 'merging'}>
          {session.status === 'signed-in' ? t('checkout') : t('sign_in_to_checkout')}
        </Button>
      </aside>
    </div>
  );
}
