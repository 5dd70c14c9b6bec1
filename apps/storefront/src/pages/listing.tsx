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
import { Button, buttonVariants, EmptyState, ErrorState, Input, Pagination } from '@marketkit/ui';
import { type FormEvent, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation, useNavigate } from 'react-router';
import { PincodeForm, usePincodeFromAddress } from '../catalogue/pincode-form.tsx';
import { ProductGrid } from '../catalogue/product-tile.tsx';
import { SelectField } from '../common/select-field.tsx';
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
  usePincodeFromAddress(pincode.save);
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

/** A listing's address. */
const href = (filters: ListingFilters) => {
  const query = listingSearch(filters);
  return `/productListing${query ? `?${query}` : ''}`;
};

const itemTypeOf = (value: string | null) =>
  value === ALL_ITEM_TYPES ? ALL_ITEM_TYPES : (ITEM_TYPES.find((kind) => kind === value) ?? null);

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
  const go = (change: Partial<ListingFilters>) => navigate(href(changeListing(filters, change)));
  // Once the code runs, the form's fields go through the same rules as every other change.
  const applyForm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = parseListingFilters(
      new URLSearchParams(
        [...new FormData(event.currentTarget)].map(([name, value]) => [name, String(value)]),
      ),
      maxPrice,
    );
    go({
      category: read.category,
      productType: read.productType,
      itemType: read.itemType,
      minPrice: read.minPrice,
      maxPrice: read.maxPrice,
    });
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
            {/* One GET form to the listing, whose URL carries every filter: the browser submits it
                before the code runs (or without it); once it runs, each choice applies at once. */}
            <Form method="get" action="/productListing" onSubmit={applyForm} className="flex flex-col gap-4">
              {filters.search ? <input type="hidden" name="search" value={filters.search} /> : null}
              {filters.sort !== 'relevance' ? <input type="hidden" name="sort" value={filters.sort} /> : null}
              <SelectField
                label={t('category')}
                name="category"
                value={String(filters.category ?? '')}
                options={[
                  { value: '', label: t('any_category') },
                  ...flatCategories.map((category) => ({ value: String(category.id), label: category.name })),
                ]}
                onChange={(value) => go({ category: value ? Number(value) : null })}
              />
              <SelectField
                label={t('product_type')}
                name="type"
                value={filters.productType ?? ''}
                options={[
                  { value: '', label: t('any_type') },
                  ...PRODUCT_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) })),
                ]}
                onChange={(value) =>
                  go({ productType: PRODUCT_TYPES.find((type) => type === value) ?? null })
                }
              />
              <SelectField
                label={t('item_kind')}
                name="kind"
                value={filters.itemType ?? ALL_ITEM_TYPES}
                options={[
                  { value: ALL_ITEM_TYPES, label: t('all_kinds') },
                  ...ITEM_TYPES.map((kind) => ({ value: kind, label: t(`kind.${kind}`) })),
                ]}
                onChange={(value) => go({ itemType: itemTypeOf(value) })}
              />
              <fieldset className="flex flex-col gap-2" key={`${filters.minPrice}-${filters.maxPrice}`}>
                <legend className="font-medium text-sm">{t('price_range', { max: maxPrice })}</legend>
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
              </fieldset>
              <Button type="submit" size="sm" variant="secondary">
                {t('apply')}
              </Button>
            </Form>
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
          <Form method="get" action="/productListing" className="flex items-center gap-2">
            {[...new URLSearchParams(listingSearch({ ...filters, sort: 'relevance', page: 1 }))].map(
              ([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ),
            )}
            <SelectField
              inline
              label={t('sort')}
              name="sort"
              value={filters.sort}
              options={SORTS.map((sort) => ({ value: sort, label: t(`sort_by.${sort}`) }))}
              onChange={(value) => go({ sort: SORTS.find((sort) => sort === value) ?? 'relevance' })}
            />
            {/* Without the code nothing follows a change of the list: a button sends it. */}
            <noscript>
              <Button type="submit" size="sm" variant="secondary">
                {t('apply')}
              </Button>
            </noscript>
          </Form>
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
              <Link to={href({ ...filters, page: 1 })} className={buttonVariants({ variant: 'secondary' })}>
                {t('first_page')}
              </Link>
            }
          />
        ) : state === 'empty' ? (
          <EmptyState
            title={t('no_results')}
            description={t('no_results_hint')}
            action={
              <Link to="/productListing" className={buttonVariants({ variant: 'secondary' })}>
                {t('clear_filters')}
              </Link>
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
          pageHref={(next) => href(changeListing(filters, { page: next }))}
          linkAs={Link}
          label={t('pages')}
          previousLabel={t('previous')}
          nextLabel={t('next')}
          pageLabel={(value) => t('page', { page: value })}
        />
      </section>
    </div>
  );
}
