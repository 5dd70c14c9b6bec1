import {
  useAvailability,
  useEnquiry,
  useProductFaqs,
  useProductRatings,
  useProductSlots,
  useSession,
  useSlots,
  useStoreBootstrap,
} from '@marketkit/hooks';
import {
  DEFAULT_DELIVERY_DAYS,
  formatDate,
  formatDuration,
  formatMegabytes,
  formatWeekdays,
  isSavablePincode,
  isSlotFull,
  slotsByDate,
} from '@marketkit/hooks/core';
import { isMarketApiError, type Schema } from '@marketkit/sdk';
import { Button, Input, Pagination, RatingStars, RichText, toast } from '@marketkit/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { useT } from '../i18n/react.tsx';
import { rememberReturnTo } from '../shell/guards.tsx';
import { productHref } from './product-tile.tsx';

type Product = Schema<'ProductDetail'>;

/** Physical goods: is it delivered to this pincode, and when (2 days when nothing more is known). */
export function DeliveryCheck({ product }: { product: Product }) {
  const { t } = useT('product_details');
  const store = useStoreBootstrap();
  const [pincode, setPincode] = useState<string | null>(null);
  const availability = useAvailability(product.product_id, pincode);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('pincode') ?? '').trim();
    setPincode(value);
  };
  const days =
    availability.data?.estimated_delivery_days ??
    product.type_details.physical?.estimated_delivery_days ??
    store.settings?.estimated_delivery_days ??
    DEFAULT_DELIVERY_DAYS;
  return (
    <section
      aria-labelledby="delivery-title"
      className="flex flex-col gap-2 rounded-lg border border-current/10 p-4"
    >
      <h2 id="delivery-title" className="font-semibold">
        {t('delivery')}
      </h2>
      <form onSubmit={submit} className="flex items-end gap-2">
        <Input
          label={t('pincode')}
          name="pincode"
          inputMode="numeric"
          numericOnly
          maxLength={10}
          error={pincode !== null && !isSavablePincode(pincode) ? t('pincode_invalid') : undefined}
        />
        <Button type="submit" variant="secondary" className="min-h-10">
          {t('check')}
        </Button>
      </form>
      <p aria-live="polite" data-testid="availability" className="text-sm">
        {availability.isFetching
          ? t('checking')
          : availability.data
            ? availability.data.available
              ? t('delivers', { pincode: availability.data.pincode, days })
              : t('not_delivered', { pincode: availability.data.pincode })
            : availability.isError
              ? t('check_failed')
              : t('estimated', { days })}
      </p>
    </section>
  );
}

/** Services: the next two weeks of slots; the chosen one goes with the product into the cart. */
export function SlotPicker({ product }: { product: Product }) {
  const { t, language } = useT('product_details');
  const slots = useProductSlots(product.product_id);
  const chosen = useSlots();
  const selected = chosen.slotFor(product.product_id)?.id ?? null;
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-current/10 p-4">
      <legend className="px-1 font-semibold">{t('choose_slot')}</legend>
      {slots.isPending ? <p className="text-sm">{t('loading_slots')}</p> : null}
      {slots.data && slots.data.length === 0 ? <p className="text-sm">{t('no_slots')}</p> : null}
      <div className="flex max-h-72 flex-col gap-3 overflow-y-auto">
        {slotsByDate(slots.data ?? []).map((group) => (
          <div key={group.date} className="flex flex-col gap-1">
            <p className="font-medium text-sm">{formatDate(`${group.date}T12:00:00Z`, 'UTC')}</p>
            <div className="flex flex-wrap gap-2">
              {group.slots.map((slot) => {
                const full = isSlotFull(slot);
                return (
                  <label
                    key={slot.slot_id}
                    className={`flex min-h-10 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm ${
                      selected === slot.slot_id ? 'border-current bg-primary/20' : 'border-current/30'
                    } ${full ? 'cursor-not-allowed opacity-50' : ''}`}
                  >
                    <input
                      type="radio"
                      name={`slot-${product.product_id}`}
                      value={slot.slot_id}
                      checked={selected === slot.slot_id}
                      disabled={full}
                      onChange={() => chosen.select(product.product_id, slot.slot_id)}
                    />
                    <span dir="ltr" lang={language}>
                      {slot.start_time}–{slot.end_time}
                    </span>
                    {full ? <span>({t('full')})</span> : null}
                  </label>
                );
              })}
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** What kind of product this is, in detail: file size, subscription, bundle, API, service, training. */
export function TypeDetails({ product }: { product: Product }) {
  const { t } = useT('product_details');
  const details = product.type_details;
  const rows: [string, string][] = [];
  if (details.digital) {
    rows.push([t('file_size'), t('megabytes', { size: formatMegabytes(details.digital.file_size_bytes) })]);
    rows.push([t('file_format'), details.digital.file_format]);
    rows.push([
      t('downloads'),
      details.digital.download_limit ? String(details.digital.download_limit) : t('unlimited'),
    ]);
  }
  if (details.subscription) {
    rows.push([t('billing'), t(`period.${details.subscription.billing_period}`)]);
    if (details.subscription.trial_days > 0)
      rows.push([t('trial'), t('days', { count: details.subscription.trial_days })]);
  }
  if (details.service) {
    rows.push([t('duration'), formatDuration(details.service.duration_minutes)]);
    if (details.service.service_days.length > 0)
      rows.push([t('service_days'), formatWeekdays(details.service.service_days)]);
    if (details.service.location) rows.push([t('location'), details.service.location]);
  }
  if (details.api) {
    rows.push([t('calls_per_month'), details.api.calls_per_month.toLocaleString()]);
    rows.push([t('rate_limit'), t('per_minute', { count: details.api.rate_limit_per_minute })]);
  }
  if (details.training) {
    rows.push([t('sessions'), String(details.training.sessions_count)]);
    rows.push([t('mode'), t(`training_mode.${details.training.mode}`)]);
  }
  return (
    <>
      {product.product_type_name === 'Subscription Product' && product.is_subscribed ? (
        <p
          className="rounded-md bg-green-100 p-3 font-medium text-green-900 text-sm"
          data-testid="subscribed"
        >
          {t('subscribed')}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="opacity-70">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {details.api && details.api.deliverables.length > 0 ? (
        <section className="flex flex-col gap-1 text-sm">
          <h2 className="font-semibold">{t('you_receive')}</h2>
          <ul className="list-inside list-disc">
            {details.api.deliverables.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {details.packaged_service ? (
        <section className="flex flex-col gap-1 text-sm">
          <h2 className="font-semibold">{t('included_services')}</h2>
          <ul className="list-inside list-disc">
            {details.packaged_service.included_services.map((service) => (
              <li key={service.name}>
                {t('service_sessions', { name: service.name, count: service.sessions })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {product.bundled_products && product.bundled_products.length > 0 ? (
        <section className="flex flex-col gap-1 text-sm">
          <h2 className="font-semibold">{t('in_the_bundle')}</h2>
          <ul className="list-inside list-disc">
            {product.bundled_products.map((item) => (
              <li key={item.product_id}>
                <Link href={productHref(item.product_id)} className="underline underline-offset-4">
                  {item.product_name}
                </Link>{' '}
                × {item.quantity}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

export function Reviews({ product }: { product: Product }) {
  const { t, language } = useT('product_details');
  const [page, setPage] = useState(1);
  const ratings = useProductRatings(product.product_id, page);
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
              <time dateTime={review.created_at}>{formatDate(review.created_at)}</time>
              {review.verified_purchase ? ` · ${t('verified')}` : ''}
              <span className="sr-only" lang={language} />
            </p>
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        pageCount={Math.max(1, Math.ceil((data?.total_count ?? 0) / 5))}
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
  const { t } = useT('product_details');
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
  const { t } = useT('product_details');
  const session = useSession();
  const enquiry = useEnquiry();
  const [sent, setSent] = useState(false);
  if (session.status !== 'signed-in') {
    return (
      <section className="flex flex-col gap-2 rounded-lg border border-current/10 p-4">
        <h2 className="font-semibold">{t('ask_question')}</h2>
        <p className="text-sm">
          <Link
            href="/signin"
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
      toast.error(
        isMarketApiError(error) && error.responseMessage ? error.responseMessage : t('question_failed'),
      );
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
