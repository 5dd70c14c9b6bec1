import { useCategories } from '@marketkit/hooks';
import { ErrorState, Skeleton } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Thumbnail } from '../catalogue/thumbnail.tsx';
import { placeholders } from '../common/load-states.tsx';
import type { RouteHandle } from '../i18n/namespaces.ts';

export const handle: RouteHandle = { i18n: ['product_listing'], catalogue: true };

export { clientLoader } from '../app/route-data.ts';

/** Categories (`/listCategories`): the whole tree with images; each leads to its listing. */
export default function Categories() {
  const { t } = useTranslation(['product_listing', 'common']);
  const categories = useCategories();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6">
      <h1 className="font-bold text-2xl">{t('categories')}</h1>
      {categories.isError ? (
        <ErrorState
          title={t('load_failed')}
          retryLabel={t('common:retry')}
          onRetry={() => void categories.refetch()}
        />
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {categories.isPending
          ? placeholders(6).map((key) => (
              <li key={key} aria-hidden="true">
                <Skeleton className="h-28 w-full" />
              </li>
            ))
          : (categories.data ?? []).map((category) => (
              <li key={category.category_id} className="flex gap-4 rounded-lg border border-current/10 p-4">
                <Thumbnail path={category.image_path} size={80} className="size-20" />
                <div className="flex min-w-0 flex-col gap-1">
                  <h2 className="font-semibold">
                    <Link to={`/productListing?category=${category.category_id}`} className="hover:underline">
                      {category.category_name}
                    </Link>
                  </h2>
                  <p className="text-sm opacity-70">
                    {t('product_count', { count: category.product_count })}
                  </p>
                  {category.children.length > 0 ? (
                    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
                      {category.children.map((child) => (
                        <li key={child.category_id}>
                          <Link
                            to={`/productListing?category=${child.category_id}`}
                            className="underline underline-offset-4"
                          >
                            {child.category_name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </li>
            ))}
      </ul>
    </div>
  );
}
