import {
  useCategories,
  useDeals,
  useMarket,
  useProductsById,
  useRecentlyViewed,
  useRecommendations,
  useStoreBootstrap,
} from '@marketkit/hooks';
import type { Schema } from '@marketkit/sdk';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductGrid } from '../catalogue/product-tile.tsx';
import { Thumbnail } from '../catalogue/thumbnail.tsx';
import type { RouteHandle } from '../i18n/namespaces.ts';
import { useBelowTheFold } from '../shell/scroll.tsx';

/** No products yet: one array, so the memoised grids see the same props while they load. */
const NONE: readonly Schema<'ProductSummary'>[] = [];

export const handle: RouteHandle = { i18n: ['home'], catalogue: true };

export { clientLoader } from '../app/route-data.ts';

function Row({
  id,
  title,
  children,
  seeAll,
}: {
  id: string;
  title: string;
  children: ReactNode;
  /** A link to the whole list. */
  seeAll?: { href: string; label: string };
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={id} className="font-semibold text-xl">
          {title}
        </h2>
        {seeAll ? (
          <Link to={seeAll.href} className="text-sm underline underline-offset-4">
            {seeAll.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** Home (`/`): the store's hero, deals, categories, recommendations and what the shopper viewed. */
export default function Home() {
  const { t } = useTranslation('home');
  const market = useMarket();
  const store = useStoreBootstrap();
  const home = store.settings?.store_home_settings;
  const storeId = store.validation.status === 'success' ? store.validation.storeId : null;
  const deals = useDeals(10, { enabled: home?.show_deals !== false });
  const categories = useCategories();
  const showRecommendations = home?.recommendations_enabled !== false;
  const recommendations = useRecommendations({ storeId, limit: 10, enabled: showRecommendations });
  const recent = useRecentlyViewed();
  // Home rows are on unless the store turns them off.
  const showRecent = home?.show_recently_viewed !== false;
  const viewed = useProductsById(showRecent ? recent.ids.slice(0, 10) : []);
  const hero = market.client.assetUrl(home?.hero_image_path);
  const later = useBelowTheFold();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-6">
      <section className="grid items-center gap-6 overflow-hidden rounded-xl bg-primary/10 p-6 md:grid-cols-2">
        <div className="flex flex-col gap-3">
          <h1 className="font-bold text-2xl sm:text-3xl">
            {home?.hero_title || t('welcome', { store: store.settings?.store_display_name ?? '' })}
          </h1>
          {home?.hero_subtitle ? <p className="opacity-80">{home.hero_subtitle}</p> : null}
          <Link
            to="/productListing"
            className="inline-flex min-h-10 w-fit items-center rounded-md bg-primary px-4 font-medium text-primary-fg"
          >
            {t('shop_now')}
          </Link>
        </div>
        {hero ? (
          <img
            src={hero}
            alt=""
            width={960}
            height={480}
            fetchPriority="high"
            // Painted with the first screen, not a frame after it (the largest paint).
            decoding="sync"
            className="aspect-[2/1] w-full rounded-lg object-cover"
          />
        ) : null}
      </section>

      {home?.show_deals !== false && (deals.isPending || (deals.data?.length ?? 0) > 0) ? (
        <Row
          id="home-deals"
          title={t('deals')}
          seeAll={{ href: '/productListing?sort=discount', label: t('see_all') }}
        >
          <ProductGrid products={deals.data ?? NONE} loading={deals.isPending} skeletons={5} />
        </Row>
      ) : null}

      {/* Below the fold on a phone: drawn once the browser is idle, after the hero's first paint. */}
      {later ? (
        <>
          <Row
            id="home-categories"
            title={t('categories')}
            seeAll={{ href: '/listCategories', label: t('see_all') }}
          >
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
              {(categories.data ?? []).map((category) => (
                <li key={category.category_id}>
                  <Link
                    to={`/productListing?category=${category.category_id}`}
                    className="flex flex-col items-center gap-2 rounded-lg border border-current/10 p-3 text-center hover:bg-black/5"
                  >
                    <Thumbnail path={category.image_path} size={96} round />
                    <span className="font-medium text-sm">{category.category_name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </Row>

          {showRecommendations &&
          (recommendations.isPending || (recommendations.data?.data.length ?? 0) > 0) ? (
            <Row id="home-recommended" title={t('recommended')}>
              <ProductGrid
                products={recommendations.data?.data ?? NONE}
                loading={recommendations.isPending}
                skeletons={5}
              />
            </Row>
          ) : null}

          {showRecent && recent.ids.length > 0 ? (
            <Row id="home-recent" title={t('recently_viewed')}>
              <ProductGrid
                products={viewed.products}
                loading={viewed.isLoading}
                skeletons={Math.min(5, recent.ids.length)}
              />
            </Row>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
