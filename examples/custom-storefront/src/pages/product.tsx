import { useCart, useMarket, useProduct } from '@marketkit/hooks';
import { productAction, showsPrice } from '@marketkit/hooks/core';
import { Button, ErrorState, Price, RichText, Skeleton } from '@marketkit/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useFailureText } from '../failure.ts';
import { useMoney } from './money.ts';

/** One product: picture, price, description (server HTML, sanitized by RichText) and add to cart. */
export function ProductPage() {
  const { t } = useTranslation();
  const { client } = useMarket();
  const money = useMoney();
  const cart = useCart();
  const productId = Number(useParams().productId);
  const product = useProduct(Number.isSafeInteger(productId) ? productId : null);
  const failureText = useFailureText();
  const [status, setStatus] = useState('');
  if (product.isPending) return <Skeleton className="h-96 w-full" />;
  if (product.isError) return <ErrorState title={failureText(product.error)} />;
  const item = product.data;
  const action = productAction(item, cart.isInCart(item.product_id));
  const add = () =>
    cart.add(item).then(
      (result) => setStatus(result.code === 'ALREADY_IN_CART' ? t('alreadyInCart') : t('added')),
      (error: unknown) => setStatus(failureText(error)),
    );
  return (
    <article className="flex flex-col gap-3">
      <img src={client.imageUrls(item.product_image)[0] ?? ''} alt="" width={300} height={300} />
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
