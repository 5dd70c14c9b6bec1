import { useCategories, usePincode, useProducts, useStoreBootstrap } from '@marketkit/hooks';
import {
  ALL_ITEM_TYPES,
  changeListing,
  DEFAULT_MAX_PRICE,
  ITEM_TYPES,
  type ListingFilters,
  listingSearch,
  loadState,
  PRODUCT_TYPES,
  pageCount,
  parseListingFilters,
  SORTS,
} from '@marketkit/hooks/core';
import { Button, EmptyState, ErrorState, Input, Pagination } from '@marketkit/ui';
import { type FormEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PincodeForm } from '../catalogue/pincode-form.tsx';
import { ProductGrid } from '../catalogue/product-tile.tsx';
import { SelectField } from '../catalogue/select-field.tsx';
import type { RouteHandle } from '../i18n/namespaces.ts';
import { useFirstScreenWait } from '../shell/use-first-screen-wait.ts';
import { useWideScreen } from '../shell/use-wide-screen.ts';

export const handle: RouteHandle = { i18n: ['product_listing'], catalogue: true };

export { clientLoader } from '../app/route-data.ts';

/** The listing's first tiles, drawn eagerly at high priority (the likely largest paint). */
const EAGER_TILES = 2;
/** Where the filters sit open beside the results. */
const WIDE = '(min-width: 1024px)';

function PincodeFilter() {
  const { t } = useTranslation('product_listing');
  const pincode = usePincode();
  return (
    <div className="flex flex-col gap-2">
      <p className="font-medium text-sm">{t('deliver_to')}</p>
      {pincode.pincode ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span data-testid="active-pincode">{t('pincode_active', { pincode: pincode.pincode })}</span>
          <Button variant="tertiary" size="sm" onClick={pincode.clear}>
            {t('all_products')}
          </Button>
        </p>
      ) : (
        <PincodeForm
          label={t('pincode')}
          buttonLabel={t('apply')}
          invalidText={t('pincode_invalid')}
          onPincode={(value) => pincode.save(value)}
        />
      )}
    </div>
  );
}

/** Listing (`/productListing`): every filter lives in the URL, so a listing can be shared and Back works. */
export default function Listing() {
  const { t } = useTranslation(['product_listing', 'common']);
  const search = useLocation().search;
  const navigate = useNavigate();
  const store = useStoreBootstrap();
  const maxPrice = store.settings?.max_product_price || DEFAULT_MAX_PRICE;
  const filters = useMemo(() => parseListingFilters(search, maxPrice), [search, maxPrice]);
  const wide = useWideScreen(WIDE);
  const products = useProducts(filters);
  const categories = useCategories();
  const flatCategories = useMemo(
    () =>
      (categories.data ?? []).flatMap((category) => [
        { id: category.category_id, name: category.category_name },
        ...category.children.map((child) => ({ id: child.category_id, name: `— ${child.category_name}` })),
      ]),
    [categories.data],
  );
  const go = (change: Partial<ListingFilters>) => {
    const query = listingSearch(changeListing(filters, change));
    navigate(`/productListing${query ? `?${query}` : ''}`);
  };
  const applyPrices = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => {
      const value = String(form.get(name) ?? '').trim();
      return value === '' ? null : Math.min(Number(value), maxPrice);
    };
    go({ minPrice: read('min'), maxPrice: read('max') });
  };
  const page = products.data;
  const total = page?.total_count ?? 0;
  const state = loadState(
    { hasData: page !== undefined, isFetching: products.isFetching, error: products.error },
    total,
  );
  // A hung product service: "taking longer" after 3 s, the failure with a retry after 15 s.
  const wait = useFirstScreenWait(state === 'loading' && page === undefined);
  const shown = state === 'loading' && wait === 'overdue' ? 'failed' : state;
  const heading = filters.search ? t('results_for', { search: filters.search }) : t('all_products_title');
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[16rem_1fr]">
      <aside aria-label={t('filters')} className="lg:order-first">
        {/* Open beside the results on wide screens (drawn open from the first paint, before any
            script); folded above them on a phone. */}
        <details
          className="group rounded-lg border border-current/10 p-3 lg:[&::details-content]:[content-visibility:visible]"
          open={wide}
        >
          <summary className="cursor-pointer font-semibold">{t('filters')}</summary>
          <div className="mt-3 flex flex-col gap-4">
            <SelectField
              label={t('category')}
              value={String(filters.category ?? '')}
              options={[
                { value: '', label: t('any_category') },
                ...flatCategories.map((category) => ({ value: String(category.id), label: category.name })),
              ]}
              onChange={(value) => go({ category: value ? Number(value) : null })}
            />
            <SelectField
              label={t('product_type')}
              value={filters.productType ?? ''}
              options={[
                { value: '', label: t('any_type') },
                ...PRODUCT_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) })),
              ]}
              onChange={(value) => go({ productType: PRODUCT_TYPES.find((type) => type === value) ?? null })}
            />
            <SelectField
              label={t('item_kind')}
              value={filters.itemType ?? ALL_ITEM_TYPES}
              options={[
                { value: ALL_ITEM_TYPES, label: t('all_kinds') },
                ...ITEM_TYPES.map((kind) => ({ value: kind, label: t(`kind.${kind}`) })),
              ]}
              onChange={(value) =>
                go({
                  itemType:
                    value === ALL_ITEM_TYPES
                      ? ALL_ITEM_TYPES
                      : (ITEM_TYPES.find((kind) => kind === value) ?? null),
                })
              }
            />
            <form
              onSubmit={applyPrices}
              className="flex flex-col gap-2"
              key={`${filters.minPrice}-${filters.maxPrice}`}
            >
              <p className="font-medium text-sm">{t('price_range', { max: maxPrice })}</p>
              <div className="grid grid-cols-2 gap-2">
                <Input
                  label={t('min_price')}
                  name="min"
                  inputMode="numeric"
                  numericOnly
                  defaultValue={filters.minPrice ?? ''}
                />
                <Input
                  label={t('max_price')}
                  name="max"
                  inputMode="numeric"
                  numericOnly
                  defaultValue={filters.maxPrice ?? ''}
                />
              </div>
              <Button type="submit" size="sm" variant="secondary">
                {t('apply')}
              </Button>
            </form>
            <PincodeFilter />
          </div>
        </details>
      </aside>
      <section aria-labelledby="listing-title" className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 id="listing-title" className="font-bold text-2xl">
              {heading}
            </h1>
            <p className="text-sm opacity-70" aria-live="polite">
              {shown === 'loading'
                ? t(wait === 'slow' ? 'common:loading_slow' : 'common:loading')
                : shown === 'failed'
                  ? null
                  : t('result_count', { count: total })}
            </p>
          </div>
          <SelectField
            inline
            label={t('sort')}
            value={filters.sort}
            options={SORTS.map((sort) => ({ value: sort, label: t(`sort_by.${sort}`) }))}
            onChange={(value) => go({ sort: SORTS.find((sort) => sort === value) ?? 'relevance' })}
          />
        </div>
        {shown === 'failed' ? (
          <ErrorState
            title={t('load_failed')}
            retryLabel={t('common:retry')}
            onRetry={() => void products.refetch()}
          />
        ) : state === 'ready' && (page?.data.length ?? 0) === 0 ? (
          <EmptyState
            title={t('page_out_of_range')}
            action={
              <Button variant="secondary" onClick={() => go({ page: 1 })}>
                {t('first_page')}
              </Button>
            }
          />
        ) : state === 'empty' ? (
          <EmptyState
            title={t('no_results')}
            description={t('no_results_hint')}
            action={
              <Button variant="secondary" onClick={() => navigate('/productListing')}>
                {t('clear_filters')}
              </Button>
            }
          />
        ) : (
          <div
            aria-busy={products.isFetching}
            className={products.isPlaceholderData ? 'opacity-60' : undefined}
          >
            <ProductGrid
              products={page?.data ?? []}
              loading={state === 'loading'}
              skeletons={10}
              priorityCount={EAGER_TILES}
            />
          </div>
        )}
        <Pagination
          page={filters.page}
          pageCount={pageCount(total)}
          onPageChange={(next) => {
            go({ page: next });
          }}
          label={t('pages')}
          previousLabel={t('previous')}
          nextLabel={t('next')}
          pageLabel={(value) => t('page', { page: value })}
        />
      </section>
    </div>
  );
}
