import { useEnquiry, useProductFaqs, useProductRatings, useSession } from '@marketkit/hooks';
import { pageCount } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { Button, Input, Pagination, RatingStars, RichText, toast } from '@marketkit/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failureMessage } from '../common/failure.ts';
import { rememberReturnTo } from '../common/return-to.ts';
import { useFormat } from '../i18n/format.ts';

type Product = Schema<'ProductDetail'>;

const REVIEWS_PER_PAGE = 5;

/** The server's description (sanitized) and the specification table. */
function Description({ product: item }: { product: Product }) {
  const { t } = useTranslation('product_details');
  return (
    <section aria-labelledby="description-title" className="flex flex-col gap-2">
      <h2 id="description-title" className="font-semibold text-xl">
        {t('description')}
      </h2>
      <RichText
        html={item.description_html}
        className="flex flex-col gap-2 [&_a]:underline [&_ul]:list-inside [&_ul]:list-disc"
      />
      {item.specifications.length > 0 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {item.specifications.map((spec) => (
            <div key={spec.label} className="contents">
              <dt className="opacity-70">{spec.label}</dt>
              <dd>{spec.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

export function Reviews({ product }: { product: Product }) {
  const format = useFormat();
  const { t, i18n } = useTranslation('product_details');
  const { language } = i18n;
  const [page, setPage] = useState(1);
  const ratings = useProductRatings(product.product_id, page, REVIEWS_PER_PAGE);
  const data = ratings.data;
  return (
    <section aria-labelledby="reviews-title" className="flex flex-col gap-3">
      <h2 id="reviews-title" className="font-semibold text-xl">
        {t('reviews')}
      </h2>
      {data && data.rating_count > 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <RatingStars value={data.average_rating} label={(value) => t('rating_label', { rating: value })} />
          <span className="text-sm">{t('review_count', { count: data.rating_count })}</span>
        </div>
      ) : null}
      {data && data.data.length === 0 ? <p className="text-sm">{t('no_reviews')}</p> : null}
      <ul className="flex flex-col gap-3">
        {(data?.data ?? []).map((review) => (
          <li key={review.rating_id} className="flex flex-col gap-1 border-current/10 border-b pb-3">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <RatingStars value={review.rating} label={(value) => t('rating_label', { rating: value })} />
              {review.title ? <strong>{review.title}</strong> : null}
            </div>
            {review.review ? <p className="text-sm">{review.review}</p> : null}
            <p className="text-xs opacity-70">
              {review.customer_name} ·{' '}
              <time dateTime={review.created_at}>{format.date(review.created_at)}</time>
              {review.verified_purchase ? ` · ${t('verified')}` : ''}
              <span className="sr-only" lang={language} />
            </p>
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        pageCount={pageCount(data?.total_count ?? 0, REVIEWS_PER_PAGE)}
        onPageChange={setPage}
        label={t('review_pages')}
        previousLabel={t('previous')}
        nextLabel={t('next')}
        pageLabel={(value) => t('page', { page: value })}
      />
    </section>
  );
}

export function Faqs({ product }: { product: Product }) {
  const { t } = useTranslation('product_details');
  const faqs = useProductFaqs(product.product_id);
  if (!faqs.data || faqs.data.length === 0) return null;
  return (
    <section aria-labelledby="faq-title" className="flex flex-col gap-2">
      <h2 id="faq-title" className="font-semibold text-xl">
        {t('faqs')}
      </h2>
      {faqs.data.map((faq) => (
        <details key={faq.faq_id} className="rounded-md border border-current/10 p-3">
          <summary className="cursor-pointer font-medium">{faq.question}</summary>
          <RichText html={faq.answer_html} className="mt-2 text-sm [&_a]:underline" />
        </details>
      ))}
    </section>
  );
}

export function EnquiryForm({ product }: { product: Product }) {
  const { t } = useTranslation('product_details');
  const session = useSession();
  const enquiry = useEnquiry();
  const [sent, setSent] = useState(false);
  if (session.status !== 'signed-in') {
    return (
      <section className="flex flex-col gap-2 rounded-lg border border-current/10 p-4">
        <h2 className="font-semibold">{t('ask_question')}</h2>
        <p className="text-sm">
          <Link
            to="/signin"
            onClick={() => rememberReturnTo(`${location.pathname}${location.search}`)}
            className="underline underline-offset-4"
          >
            {t('sign_in_to_ask')}
          </Link>
        </p>
      </section>
    );
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const subject = String(data.get('subject') ?? '').trim();
    const message = String(data.get('message') ?? '').trim();
    if (!subject || !message) return;
    try {
      await enquiry.mutateAsync({ product_id: product.product_id, subject, message });
      form.reset();
      setSent(true);
      toast.success(t('question_sent'));
    } catch (error) {
      toast.error(failureMessage(error, t('question_failed'), t));
    }
  };
  return (
    <section
      aria-labelledby="enquiry-title"
      className="flex flex-col gap-2 rounded-lg border border-current/10 p-4"
    >
      <h2 id="enquiry-title" className="font-semibold">
        {t('ask_question')}
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <Input label={t('subject')} name="subject" required maxLength={120} />
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('message')}</span>
          <textarea
            name="message"
            required
            maxLength={2000}
            rows={4}
            className="rounded-md border border-current/30 bg-transparent p-2"
          />
        </label>
        <Button type="submit" variant="secondary" disabled={enquiry.isPending}>
          {t('send')}
        </Button>
        {sent ? (
          <p role="status" className="text-sm">
            {t('question_sent')}
          </p>
        ) : null}
      </form>
    </section>
  );
}

/** Below the product's first screen: reviews, questions and answers, and the question form. */
export default function ProductExtras({ product }: { product: Product }) {
  return (
    <>
      <Description product={product} />
      <Reviews product={product} />
      <Faqs product={product} />
      <EnquiryForm product={product} />
    </>
  );
}
