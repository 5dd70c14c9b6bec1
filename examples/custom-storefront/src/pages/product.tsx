import { useCart, useMarket, useProduct } from '@marketkit/hooks';
import { mainImage, productAction, showsPrice } from '@marketkit/hooks/core';
import { Button, ErrorState, Price, RichText, Skeleton } from '@marketkit/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useMoney } from './money.ts';

/** One product: picture, price, description (server HTML, sanitized by RichText) and add to cart. */
export function ProductPage() {
  const { t } = useTranslation();
  const { client } = useMarket();
  const money = useMoney();
  const cart = useCart();
  const productId = Number(useParams().productId);
  const product = useProduct(Number.isSafeInteger(productId) ? productId : null);
  const [status, setStatus] = useState('');
  if (product.isPending) return <Skeleton className="h-96 w-full" />;
  if (product.isError) return <ErrorState title={product.error.message} />;
  const item = product.data;
  const action = productAction(item, cart.isInCart(item.product_id));
  const add = () =>
    cart.add(item).then(
      () => setStatus(t('added')),
      (error: unknown) =>
        setStatus(t('failed', { reason: error instanceof Error ? error.message : String(error) })),
    );
  return (
    <article className="flex flex-col gap-3">
      <img src={client.assetUrl(mainImage(item.product_image)) ?? ''} alt="" width={300} height={300} />
      <h1 className="font-bold text-2xl">{item.product_name}</h1>
      {showsPrice(item) ? (
        <Price value={money(item.final_price)} />
      ) : (
        <Price hiddenText={t('priceOnRequest')} />
      )}
      {action === 'go-to-cart' ? (
        <Link to="/cart">{t('goToCart')}</Link>
      ) : (
        <Button className="self-start" disabled={action !== 'add-to-cart'} onClick={() => void add()}>
          {t('add')}
        </Button>
      )}
      <p role="status">{status}</p>
      <RichText html={item.description_html ?? ''} />
    </article>
  );
}
