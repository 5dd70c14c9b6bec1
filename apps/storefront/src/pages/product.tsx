import {
  type CartAddCode,
  useBuyNow,
  useCart,
  useProduct,
  useRecentlyViewed,
  useSession,
  useSlots,
  useStartCheckout,
  useWishlist,
} from '@marketkit/hooks';
import {
  type CartCapReason,
  checksDelivery,
  discountPercent,
  maxQuantity,
  needsSlot,
  productAction,
  productImages,
  showsPrice,
  showsSlots,
} from '@marketkit/hooks/core';
import { isMarketApiError, type Schema } from '@marketkit/sdk';
import {
  Button,
  DiscountBadge,
  EmptyState,
  ErrorState,
  Price,
  QuantityStepper,
  RatingStars,
  Skeleton,
  toast,
} from '@marketkit/ui';
import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { lazyScreen } from '../app/route-modules.ts';
import { DeliveryCheck, TypeDetails } from '../catalogue/product-sections.tsx';
import { StoreImage, StoreMoney } from '../catalogue/store-media.tsx';
import { failureMessage } from '../common/failure.ts';
import { rememberReturnTo } from '../common/return-to.ts';
import type { RouteHandle } from '../i18n/namespaces.ts';
import { ScreenErrorBoundary } from '../shell/error-boundary.tsx';
import { useBelowTheFold } from '../shell/scroll.tsx';
import { useFirstScreenWait } from '../shell/use-first-screen-wait.ts';

export const handle: RouteHandle = { i18n: ['product_details', 'cart'], catalogue: true };

export { clientLoader } from '../app/route-data.ts';

// Reviews, questions and the question form sit below the first screen: their code loads when idle.
// Offline, both wait for the connection rather than fail (app/route-modules.ts).
/** What a product's add to cart says, by the hooks' code (they write no shopper text). */
const ADDED_TEXT = {
  ADDED: 'cart:added',
  ALREADY_IN_CART: 'cart:already_in_cart',
} as const satisfies Record<CartAddCode, string>;
/** What an add cut to the cap says instead: how many the cart holds, and why not all were added. */
const CAPPED_TEXT = {
  stock: 'cart:capped_stock',
  'line-limit': 'cart:capped_line_limit',
} as const satisfies Record<CartCapReason, string>;

const ProductExtras = lazy(lazyScreen(() => import('../catalogue/product-extras.tsx')));
// Only services show slots: other products never load that code.
const SlotPicker = lazy(
  lazyScreen(() => import('../catalogue/slot-picker.tsx').then((module) => ({ default: module.SlotPicker }))),
);

// Memoised: a cart change re-renders the page's buttons, never the reviews and questions below.
const Later = memo(function Later({ product }: { product: Schema<'ProductDetail'> }) {
  const { t } = useTranslation('common');
  const drawn = useBelowTheFold();
  const placeholder = <Skeleton className="h-40 w-full" />;
  return (
    <ScreenErrorBoundary title={t('common:screen_failed')} retryLabel={t('common:retry')}>
      {drawn ? (
        <Suspense fallback={placeholder}>
          <ProductExtras product={product} />
        </Suspense>
      ) : (
        placeholder
      )}
    </ScreenErrorBoundary>
  );
});

/** Product details (`/ProductDetails?productId=…`); another product starts with fresh state. */
export default function ProductDetails() {
  const search = useLocation().search;
  const productId = Number(new URLSearchParams(search).get('productId'));
  return <ProductPage key={productId} productId={productId} />;
}

function ProductPage({ productId }: { productId: number }) {
  const { t } = useTranslation(['product_details', 'cart', 'common']);
  const valid = Number.isSafeInteger(productId) && productId > 0;
  const product = useProduct(valid ? productId : null);
  // A hung product service: "taking longer" after 3 s, the failure with a retry after 15 s.
  const wait = useFirstScreenWait(valid && !product.data && !product.isError);
  const recent = useRecentlyViewed();
  const [image, setImage] = useState(0);
  const { record } = recent;
  useEffect(() => {
    if (product.data) record(product.data.product_id);
  }, [product.data, record]);

  if (!valid || (product.isError && isMarketApiError(product.error) && product.error.status === 404))
    return (
      <div className="mx-auto max-w-6xl px-4">
        <EmptyState
          title={t('not_found')}
          action={
            <Link to="/productListing" className="underline underline-offset-4">
              {t('browse')}
            </Link>
          }
        />
      </div>
    );
  if (product.isError || (!product.data && wait === 'overdue'))
    return (
      <div className="mx-auto max-w-6xl px-4">
        <ErrorState
          title={t('load_failed')}
          retryLabel={t('common:retry')}
          onRetry={() => void product.refetch()}
        />
      </div>
    );
  const item = product.data;
  if (!item)
    return (
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 md:grid-cols-2" aria-busy="true">
        {wait === 'slow' ? (
          <p role="status" className="text-sm md:col-span-2">
            {t('common:loading_slow')}
          </p>
        ) : null}
        <Skeleton className="aspect-square w-full" />
        <div className="flex flex-col gap-3">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-24 w-full" />
        </div>
      </div>
    );

  const images = productImages(item);
  const visible = showsPrice(item);
  const percent = discountPercent(item.product_price, item.final_price);
  return (
    <article className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-6">
      <nav aria-label={t('breadcrumbs')} className="text-sm">
        <ol className="flex flex-wrap gap-1 opacity-80">
          <li>
            <Link to="/" className="underline-offset-4 hover:underline">
              {t('common:home')}
            </Link>
          </li>
          {item.category_path.map((category) => (
            <li key={category.category_id} className="before:me-1 before:content-['/']">
              <Link
                to={`/productListing?category=${category.category_id}`}
                className="underline-offset-4 hover:underline"
              >
                {category.category_name}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <div className="grid gap-8 md:grid-cols-2">
        <div className="flex flex-col gap-3">
          <StoreImage
            src={images[image] ?? images[0]}
            alt={item.product_name}
            width={600}
            height={600}
            priority
            className="aspect-square w-full rounded-lg border border-current/10 object-contain"
          />
          {images.length > 1 ? (
            <ul className="flex gap-2 overflow-x-auto">
              {images.map((path, index) => (
                <li key={path}>
                  <button
                    type="button"
                    aria-label={t('show_image', { number: index + 1 })}
                    aria-pressed={index === image}
                    onClick={() => setImage(index)}
                    className={`rounded-md border-2 ${index === image ? 'border-current' : 'border-transparent'}`}
                  >
                    <StoreImage
                      src={path}
                      alt=""
                      width={64}
                      height={64}
                      className="size-16 rounded object-cover"
                    />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="flex flex-col gap-4">
          <h1 className="font-bold text-2xl sm:text-3xl">{item.product_name}</h1>
          {item.rating_count ? (
            <a href="#reviews-title" className="flex w-fit items-center gap-2 text-sm">
              <RatingStars
                value={item.rating}
                count={item.rating_count}
                label={(value) => t('rating_label', { rating: value })}
              />
            </a>
          ) : null}
          <div className="flex flex-wrap items-center gap-3 text-xl" data-testid="product-price">
            {visible ? (
              <>
                <StoreMoney amount={item.final_price} original={item.product_price} />
                <DiscountBadge
                  percent={percent}
                  label={(value) => t('common:percent_off', { percent: value })}
                />
              </>
            ) : (
              <Price hiddenText={t('common:price_on_request')} />
            )}
          </div>
          {item.short_description ? <p>{item.short_description}</p> : null}
          <TypeDetails product={item} />
          {checksDelivery(item) ? <DeliveryCheck product={item} /> : null}
          {showsSlots(item) ? <SlotPicker product={item} /> : null}
          <ProductActions item={item} />
        </div>
      </div>
      <Later product={item} />
    </article>
  );
}

/**
 * The product's cart, buy and wishlist controls, apart from the page: a cart or session change
 * re-renders these, never the gallery, price and delivery check above them (the click's own frame).
 */
const ProductActions = memo(function ProductActions({ item }: { item: Schema<'ProductDetail'> }) {
  const { t } = useTranslation(['product_details', 'cart', 'common']);
  const cart = useCart();
  const session = useSession();
  const wishlist = useWishlist();
  const slots = useSlots();
  const buyNow = useBuyNow();
  const startCheckout = useStartCheckout();
  const navigate = useNavigate();
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const action = productAction(item, cart.isInCart(item.product_id));
  const slot = slots.slotFor(item.product_id)?.id ?? null;
  const slotMissing = needsSlot(item) && slot === null;
  const wished = wishlist.items.find((entry) => entry.product === item.product_id);

  const add = async () => {
    setBusy(true);
    try {
      const result = await cart.add(item, quantity, slot);
      const { capped } = result;
      if (capped)
        toast.info(t(CAPPED_TEXT[capped.reason], { requested: capped.requested, allowed: capped.allowed }));
      else toast.success(t(action === 'request' ? 'request_added' : ADDED_TEXT[result.code]));
    } catch (error) {
      toast.error(failureMessage(error, t('add_failed'), t));
    } finally {
      setBusy(false);
    }
  };
  const buy = async () => {
    const chosen = { product_id: item.product_id, quantity, ...(slot ? { slot_id: slot } : {}) };
    if (session.status !== 'signed-in') {
      // Kept for after sign-in (the pending item is added unless already in the cart).
      buyNow.set(item.product_id, quantity, slot);
      rememberReturnTo('/cart');
      navigate('/signin');
      return;
    }
    setBusy(true);
    try {
      const checkout = await startCheckout({ source: 'buy_now', buy_now_item: chosen });
      navigate(`/checkout/${encodeURIComponent(checkout.checkout_id)}`);
    } catch (error) {
      toast.error(failureMessage(error, t('buy_failed'), t));
    } finally {
      setBusy(false);
    }
  };
  const toggleWish = async () => {
    if (session.status !== 'signed-in') {
      rememberReturnTo(`${location.pathname}${location.search}`);
      navigate('/signin');
      return;
    }
    try {
      if (wished) {
        await wishlist.remove(wished.id);
        toast.info(t('wishlist_removed'));
      } else {
        await wishlist.add(item.product_id);
        toast.success(t('wishlist_added'));
      }
    } catch (error) {
      toast.error(failureMessage(error, t('wishlist_failed'), t));
    }
  };

  return (
    <>
      {action === 'out-of-stock' ? <p className="font-medium text-red-700">{t('out_of_stock')}</p> : null}
      {/* A tap on these before the code runs takes effect once it does (src/early/event-replay.ts). */}
      <div className="flex flex-wrap items-end gap-3" data-replay>
        {action === 'add-to-cart' || action === 'request' ? (
          <QuantityStepper
            value={quantity}
            min={1}
            max={maxQuantity(item.quantity)}
            onChange={setQuantity}
            label={t('quantity')}
            decreaseLabel={t('decrease')}
            increaseLabel={t('increase')}
          />
        ) : null}
        {action === 'go-to-cart' ? (
          <Link
            to="/cart"
            className="inline-flex min-h-11 items-center rounded-md bg-primary px-5 font-medium text-primary-fg"
          >
            {t('go_to_cart')}
          </Link>
        ) : action === 'request' ? (
          <Button onClick={add} disabled={busy}>
            {t('request')}
          </Button>
        ) : (
          <Button onClick={add} disabled={busy || action === 'out-of-stock' || slotMissing}>
            {t('add_to_cart')}
          </Button>
        )}
        {action === 'add-to-cart' ? (
          <Button variant="secondary" onClick={buy} disabled={busy || slotMissing}>
            {t('buy_now')}
          </Button>
        ) : null}
        <Button variant="tertiary" onClick={toggleWish} aria-pressed={Boolean(wished)}>
          {wished ? t('in_wishlist') : t('add_to_wishlist')}
        </Button>
      </div>
      {slotMissing && action !== 'go-to-cart' ? <p className="text-sm">{t('slot_first')}</p> : null}
      {/* Without the code the buttons above cannot act (the guest cart lives on the device): said plainly. */}
      <noscript>
        <p className="text-sm" role="note">
          {t('needs_javascript')}
        </p>
      </noscript>
    </>
  );
});
