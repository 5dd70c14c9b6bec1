import { useMarket } from '@marketkit/hooks';
import { discountPercent, productImages, showsPrice } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { DiscountBadge, Price, ProductCard, RatingStars, Skeleton } from '@marketkit/ui';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { placeholders } from '../common/load-states.tsx';
import { RouterLink } from '../common/router-link.tsx';
import { PLACEHOLDER_IMAGE, productHref } from './links.ts';
import { useMoney } from './money.ts';

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
  const market = useMarket();
  const money = useMoney();
  const visible = showsPrice(product);
  const percent = discountPercent(product.product_price, product.final_price);
  return (
    <ProductCard
      href={productHref(product.product_id)}
      linkAs={RouterLink}
      priority={priority}
      name={product.product_name}
      image={market.client.assetUrl(productImages(product)[0]) ?? ''}
      placeholderImage={PLACEHOLDER_IMAGE}
      price={
        visible ? (
          <Price
            value={money(product.final_price)}
            {...(percent > 0 ? { original: money(product.product_price) } : {})}
            wasLabel={t('was')}
          />
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
