import { useDigitalDownload, useDigitalProducts } from '@marketkit/hooks';
import { formatMegabytes, loadState } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { Button } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { orderHref, productHref } from '../catalogue/links.ts';
import { BrowseLink, LoadStates } from '../common/load-states.tsx';
import { useFormat } from '../i18n/format.ts';
import { useSaveDownload } from '../orders/save-file.ts';

type Purchase = Schema<'DigitalPurchase'>;

/** The shopper's digital products (a tab of the orders page), each with its download. */
export function Downloads() {
  const { t } = useTranslation(['training_overview', 'common']);
  const products = useDigitalProducts();
  const list = products.data;
  const state = loadState(
    { hasData: list !== undefined, isFetching: products.isFetching, error: products.error },
    list?.length ?? 0,
  );
  return (
    <section aria-labelledby="downloads-title" className="flex flex-col gap-4">
      <h2 id="downloads-title" className="font-semibold text-xl">
        {t('downloads.title')}
      </h2>
      <LoadStates
        state={state}
        failed={{ title: t('downloads.load_failed'), onRetry: () => void products.refetch() }}
        loading={['h-20 w-full', 'h-20 w-full']}
        empty={{
          title: t('downloads.empty'),
          description: t('downloads.empty_hint'),
          action: <BrowseLink>{t('downloads.browse')}</BrowseLink>,
        }}
      >
        {() => (
          <ul className="flex flex-col gap-3">
            {(list ?? []).map((purchase) => (
              <DownloadRow key={purchase.order_item_id} purchase={purchase} />
            ))}
          </ul>
        )}
      </LoadStates>
    </section>
  );
}

function DownloadRow({ purchase }: { purchase: Purchase }) {
  const format = useFormat();
  const { t } = useTranslation('training_overview');
  const download = useDigitalDownload();
  const { busy, save } = useSaveDownload();
  const left = purchase.downloads_left;
  const start = () =>
    save(
      () =>
        download(purchase.order_item_id, `${purchase.product_name}.${purchase.file_format.toLowerCase()}`),
      {
        failed: t('downloads.failed'),
        started: (name) => t('downloads.started', { name }),
      },
    );
  return (
    <li
      data-testid="digital-product"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-current/10 p-4"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <Link to={productHref(purchase.product_id)} className="break-words font-semibold hover:underline">
          {purchase.product_name}
        </Link>
        <p className="text-sm">
          <span dir="ltr">
            {purchase.file_format.toUpperCase()} · {formatMegabytes(purchase.file_size_bytes)}
          </span>
          {' · '}
          {t('downloads.purchased', { date: format.date(purchase.purchased_at) })}
        </p>
        <p className="text-sm" data-testid="downloads-left">
          {left === null
            ? t('downloads.unlimited')
            : left === 0
              ? t('downloads.none_left')
              : t('downloads.left', { count: left })}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Link to={orderHref(purchase.order_id)} className="text-sm underline underline-offset-4">
          {t('downloads.view_order')}
          <span className="sr-only">: {purchase.product_name}</span>
        </Link>
        <Button size="sm" disabled={busy || left === 0} aria-busy={busy} onClick={() => void start()}>
          {busy ? t('downloads.downloading') : t('downloads.download')}
          <span className="sr-only">: {purchase.product_name}</span>
        </Button>
      </div>
    </li>
  );
}
