import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { assetUrl, money } from '../api.ts';
import { useProducts } from '../hooks.ts';

/** The catalogue, ten products a page; the page number is in the URL (`?page=2`). */
export function ProductsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const products = useProducts(page);
  if (products.isPending) return <p>{t('loading')}</p>;
  if (products.isError) return <p role="alert">{products.error.message}</p>;
  const pages = Math.ceil(products.data.total_count / 10);
  return (
    <section aria-labelledby="products" className="flex flex-col gap-4">
      <h1 id="products" className="font-bold text-2xl">
        {t('products')}
      </h1>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t('products')}>
        {products.data.data.map((product, index) => (
          <li key={product.product_id}>
            <Link to={`/products/${product.product_id}`} className="flex flex-col gap-2">
              <img
                src={assetUrl(product.product_image) || '/placeholder.svg'}
                alt=""
                width={300}
                height={300}
                loading={index < 3 ? 'eager' : 'lazy'}
              />
              <h3>{product.product_name}</h3>
            </Link>
            {product.price_visibility ? money(product.final_price) : t('priceOnRequest')}
          </li>
        ))}
      </ul>
      <nav aria-label="Pagination">
        {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
          <button
            key={number}
            type="button"
            aria-current={number === page ? 'page' : undefined}
            onClick={() => setParams({ page: String(number) })}
          >
            {number}
          </button>
        ))}
      </nav>
    </section>
  );
}
