import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { assetUrl, money } from '../api.ts';
import { useCart, useProduct } from '../hooks.ts';

/** One product: picture, price, description (server HTML) and add to cart. */
export function ProductPage() {
  const { t } = useTranslation();
  const cart = useCart();
  const productId = Number(useParams().productId);
  const product = useProduct(Number.isSafeInteger(productId) ? productId : 0);
  const [status, setStatus] = useState('');
  if (product.isPending) return <p>{t('loading')}</p>;
  if (product.isError) return <p role="alert">{product.error.message}</p>;
  const item = product.data;
  const buyable = item.purchase_mode === 'checkout_based' && item.quantity > 0;
  const add = () =>
    cart.add(item).then(
      () => setStatus(t('added')),
      (error: unknown) =>
        setStatus(t('failed', { reason: error instanceof Error ? error.message : String(error) })),
    );
  return (
    <article className="flex flex-col gap-3">
      <img src={assetUrl(item.product_image)} alt="" width={300} height={300} />
      <h1 className="font-bold text-2xl">{item.product_name}</h1>
      <p>{item.price_visibility ? money(item.final_price) : t('priceOnRequest')}</p>
      {cart.isInCart(item.product_id) ? (
        <Link to="/cart">{t('goToCart')}</Link>
      ) : (
        <button type="button" disabled={!buyable} onClick={() => void add()}>
          {t('add')}
        </button>
      )}
      <p role="status">{status}</p>
      <div>{item.description_html?.replace(/<[^>]*>/g, '') ?? ''}</div>
    </article>
  );
}
