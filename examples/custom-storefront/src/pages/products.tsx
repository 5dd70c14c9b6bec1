import { useMarket, useProducts } from '@marketkit/hooks';
import { DEFAULT_LISTING, pageCount, showsPrice } from '@marketkit/hooks/core';
import { ErrorState, Pagination, Price, ProductCard, Skeleton } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useFailureText } from '../failure.ts';
import { useMoney } from './money.ts';

/** The catalogue, ten products a page; the page number is in the URL (`?page=2`). */
export function ProductsPage() {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const { client } = useMarket();
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const products = useProducts({ ...DEFAULT_LISTING, page });
  if (products.isPending) return <Skeleton className="h-64 w-full" />;
  if (products.isError)
    return <ErrorState title={failureText(products.error)} onRetry={() => void products.refetch()} />;
  return (
    <section aria-labelledby="products" className="flex flex-col gap-4">
      <h1 id="products" className="font-bold text-2xl">
        {t('products')}
      </h1>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t('products')}>
        {products.data.data.map((product, index) => (
          <li key={product.product_id}>
            <ProductCard
              linkAs={Link}
              href={`/products/${product.product_id}`}
              priority={index < 3}
              name={product.product_name}
              image={client.imageUrls(product.product_image)[0] ?? ''}
              placeholderImage="/placeholder.svg"
              price={
                showsPrice(product) ? (
                  <Price value={money(product.final_price)} />
                ) : (
                  <Price hiddenText={t('priceOnRequest')} />
                )
              }
            />
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        pageCount={pageCount(products.data.total_count ?? 0)}
        onPageChange={(next) => setParams({ page: String(next) })}
      />
    </section>
  );
}
