import { discountPercent, productImages, showsPrice } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { DiscountBadge, Price, ProductCard, RatingStars, Skeleton } from '@marketkit/ui';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { placeholders } from '../common/load-states.tsx';
import { RouterLink } from '../common/router-link.tsx';
import { productHref } from './links.ts';
import { StoreImage, StoreMoney } from './store-media.tsx';

/**
 * A product in a grid or row: image, name (as text), price or nothing when hidden, discount, rating.
 * Memoised (as the grid is): a page that reads several queries renders again as each answer comes,
 * and its tiles, whose product objects do not change, need not (each formats prices).
 */
export const ProductTile = memo(function ProductTile({
  product,
  priority = false,
}: {
  product: Schema<'ProductSummary'>;
  priority?: boolean;
}) {
  const { t } = useTranslation('common');
  const visible = showsPrice(product);
  const percent = discountPercent(product.product_price, product.final_price);
  return (
    <ProductCard
      href={productHref(product.product_id)}
      linkAs={RouterLink}
      name={product.product_name}
      image={
        <StoreImage
          src={productImages(product)}
          alt=""
          width={300}
          height={300}
          priority={priority}
          className="aspect-square w-full rounded-md object-cover"
        />
      }
      price={
        visible ? (
          <StoreMoney amount={product.final_price} original={product.product_price} />
        ) : (
          <Price hiddenText={t('price_on_request')} />
        )
      }
      badge={
        visible ? (
          <DiscountBadge percent={percent} label={(value) => t('percent_off', { percent: value })} />
        ) : null
      }
      rating={
        product.rating_count ? (
          <RatingStars
            value={product.rating}
            count={product.rating_count}
            label={(value) => t('rating_label', { rating: value })}
          />
        ) : null
      }
    />
  );
});

/** A row or grid of tiles with skeletons while loading. */
export const ProductGrid = memo(function ProductGrid({
  products,
  loading,
  skeletons = 4,
  priorityCount = 0,
}: {
  products: readonly Schema<'ProductSummary'>[];
  loading: boolean;
  skeletons?: number;
  priorityCount?: number;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {loading && products.length === 0
        ? placeholders(skeletons).map((key) => (
            <li
              key={key}
              aria-hidden="true"
              className="flex flex-col gap-2 rounded-lg border border-current/10 p-3"
            >
              <Skeleton className="aspect-square w-full" />
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-1/3" />
            </li>
          ))
        : products.map((product, index) => (
            <li key={product.product_id}>
              <ProductTile product={product} priority={index < priorityCount} />
            </li>
          ))}
    </ul>
  );
});
