import { useEnquiries } from '@marketkit/hooks';
import { enquiryChip, pageCount } from '@marketkit/hooks/core';
import { Pagination } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { productHref } from '../catalogue/links.ts';
import { LoadStates } from '../common/load-states.tsx';
import { useFormat } from '../i18n/format.ts';
import { ToneChip } from './status-chip.tsx';

/** The enquiries tab: the shopper's questions to the store and the answers, 10 a page. */
export function EnquiryList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const format = useFormat();
  const { t } = useTranslation(['order', 'common']);
  const enquiries = useEnquiries({ page });
  const total = enquiries.data?.total_count ?? 0;
  // A failure shows even over an earlier page's answer (the page asked for is not that one).
  const state = enquiries.isError
    ? 'failed'
    : enquiries.isPending
      ? 'loading'
      : total === 0
        ? 'empty'
        : 'ready';
  if (state !== 'ready')
    return (
      <LoadStates
        state={state}
        failed={{ title: t('enquiries.failed'), onRetry: () => void enquiries.refetch() }}
        loading={['h-24 w-full', 'h-24 w-full']}
        list
        empty={{ title: t('enquiries.empty'), description: t('enquiries.empty_hint') }}
      />
    );
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3">
        {enquiries.data?.data.map((enquiry) => {
          const chip = enquiryChip(enquiry.status);
          return (
            <li
              key={enquiry.enquiry_id}
              className="flex flex-col gap-2 rounded-lg border border-current/15 p-4"
              data-testid="enquiry"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="break-words font-semibold">{enquiry.subject}</h2>
                <ToneChip tone={chip.tone}>
                  {chip.known ? t(`enquiries.status.${chip.value}`) : t('status.unknown')}
                </ToneChip>
              </div>
              <p className="text-sm">
                <Link to={productHref(enquiry.product_id)} className="underline underline-offset-4">
                  {enquiry.product_name}
                </Link>
                {' · '}
                {format.date(enquiry.created_at)}
              </p>
              <p className="whitespace-pre-line break-words">{enquiry.message}</p>
              {enquiry.answer ? (
                <div className="rounded-md bg-current/5 p-3">
                  <p className="font-medium text-sm">{t('enquiries.answer')}</p>
                  <p className="whitespace-pre-line break-words">{enquiry.answer}</p>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <Pagination
        page={page}
        pageCount={pageCount(total)}
        onPageChange={onPage}
        label={t('pages')}
        previousLabel={t('previous')}
        nextLabel={t('next')}
        pageLabel={(value) => t('page', { page: value })}
      />
    </div>
  );
}
