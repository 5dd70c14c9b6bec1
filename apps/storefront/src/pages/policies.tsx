import { usePolicies, usePolicy, useStoreFaqs } from '@marketkit/hooks';
import { policyRoute } from '@marketkit/hooks/core';
import { isMarketApiError } from '@marketkit/sdk';
import { EmptyState, ErrorState, RichText, Skeleton } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useFormat } from '../i18n/format.ts';
import type { RouteHandle } from '../i18n/namespaces.ts';

export const handle: RouteHandle = { i18n: ['policies'], catalogue: true };

/** Server HTML (sanitized by RichText) in the page's text style; its headings start at h3. */
const CONTENT = 'flex flex-col gap-3 [&_a]:underline [&_h3]:font-semibold [&_h3]:text-lg';
const LISTS = '[&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6';

/** The store's policies (`/policies`, public) with its FAQs, and each policy (`/policies/{slug}`). */
export default function Policies() {
  const route = policyRoute(useParams()['*']);
  if (route.kind === 'index') return <PolicyIndex />;
  if (route.kind === 'policy') return <PolicyPage key={route.slug} slug={route.slug} />;
  return <PolicyNotFound />;
}

function PolicyIndex() {
  const format = useFormat();
  const { t } = useTranslation(['policies', 'common']);
  const policies = usePolicies();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6">
      <h1 className="font-bold text-2xl">{t('title')}</h1>
      {policies.error ? (
        <ErrorState
          title={t('list_failed')}
          retryLabel={t('common:retry')}
          onRetry={() => void policies.refetch()}
        />
      ) : policies.isLoading ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : (policies.data ?? []).length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <ul className="flex flex-col divide-y divide-current/10 rounded-lg border border-current/15">
          {(policies.data ?? []).map((policy) => (
            <li key={policy.slug} data-testid="policy">
              <Link
                to={`/policies/${encodeURIComponent(policy.slug)}`}
                className="flex flex-col gap-0.5 px-4 py-3 hover:bg-black/5"
              >
                <span className="font-medium underline-offset-4 hover:underline">{policy.title}</span>
                <span className="text-sm opacity-75">
                  {t('updated', { date: format.date(policy.updated_at) })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <StoreFaqs />
    </div>
  );
}

/** The store's questions and answers as a disclosure list (each answer opens under its question). */
function StoreFaqs() {
  const { t } = useTranslation(['policies', 'common']);
  const faqs = useStoreFaqs();
  return (
    <section aria-labelledby="store-faqs" className="flex flex-col gap-3">
      <h2 id="store-faqs" className="font-semibold text-xl">
        {t('faqs')}
      </h2>
      {faqs.error ? (
        <ErrorState
          title={t('faqs_failed')}
          retryLabel={t('common:retry')}
          onRetry={() => void faqs.refetch()}
        />
      ) : faqs.isLoading ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : (faqs.data ?? []).length === 0 ? (
        <p className="opacity-80">{t('no_faqs')}</p>
      ) : (
        <div className="flex flex-col gap-2">
          {(faqs.data ?? []).map((faq) => (
            <details key={faq.faq_id} className="rounded-md border border-current/15 p-3" data-testid="faq">
              <summary className="cursor-pointer font-medium">{faq.question}</summary>
              <RichText html={faq.answer_html} className={`mt-2 text-sm ${CONTENT} ${LISTS}`} />
            </details>
          ))}
        </div>
      )}
    </section>
  );
}

function PolicyPage({ slug }: { slug: string }) {
  const format = useFormat();
  const { t } = useTranslation(['policies', 'common']);
  const policy = usePolicy(slug);
  if (isMarketApiError(policy.error) && policy.error.status === 404) return <PolicyNotFound />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6">
      <nav aria-label={t('breadcrumb')}>
        <Link to="/policies" className="text-sm underline underline-offset-4">
          {t('all_policies')}
        </Link>
      </nav>
      {policy.error ? (
        <ErrorState
          title={t('policy_failed')}
          retryLabel={t('common:retry')}
          onRetry={() => void policy.refetch()}
        />
      ) : policy.data ? (
        <article className="flex flex-col gap-3">
          <h1 className="font-bold text-2xl">{policy.data.title}</h1>
          <p className="text-sm opacity-75">{t('updated', { date: format.date(policy.data.updated_at) })}</p>
          <RichText html={policy.data.content_html} className={`${CONTENT} ${LISTS}`} />
        </article>
      ) : (
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-40 w-full" />
        </div>
      )}
    </div>
  );
}

function PolicyNotFound() {
  const { t } = useTranslation('policies');
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center gap-3 px-4 py-12 text-center">
      <h1 className="font-bold text-2xl">{t('not_found')}</h1>
      <p className="opacity-80">{t('not_found_hint')}</p>
      <Link to="/policies" className="underline underline-offset-4">
        {t('all_policies')}
      </Link>
    </div>
  );
}
