import { useAvailability, useStoreBootstrap } from '@marketkit/hooks';
import { estimatedDeliveryDays, megabyteAmount } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../i18n/format.ts';
import { productHref } from './links.ts';
import { PincodeForm, useAddressPincode, usePincodeFromAddress } from './pincode-form.tsx';

type Product = Schema<'ProductDetail'>;

/** Physical goods: is it delivered to this pincode, and when (2 days when nothing more is known). */
export function DeliveryCheck({ product }: { product: Product }) {
  const { t } = useTranslation('product_details');
  const store = useStoreBootstrap();
  // A pincode checked without code is in the address: the server rendered its answer.
  const [pincode, setPincode] = useState<string | null>(useAddressPincode());
  usePincodeFromAddress(setPincode);
  const availability = useAvailability(product.product_id, pincode);
  const days = estimatedDeliveryDays(
    availability.data?.estimated_delivery_days,
    product.type_details.physical?.estimated_delivery_days,
    store.settings?.estimated_delivery_days,
  );
  return (
    <section
      aria-labelledby="delivery-title"
      className="flex flex-col gap-2 rounded-lg border border-current/10 p-4"
    >
      <h2 id="delivery-title" className="font-semibold">
        {t('delivery')}
      </h2>
      <PincodeForm
        label={t('pincode')}
        buttonLabel={t('check')}
        invalidText={t('pincode_invalid')}
        onPincode={setPincode}
      />
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

/** What kind of product this is, in detail: file size, subscription, bundle, API, service, training. */
export function TypeDetails({ product }: { product: Product }) {
  const format = useFormat();
  const { t } = useTranslation('product_details');
  const details = product.type_details;
  const rows: [string, string][] = [];
  if (details.digital) {
    rows.push([t('file_size'), t('megabytes', { size: megabyteAmount(details.digital.file_size_bytes) })]);
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
    rows.push([t('duration'), format.duration(details.service.duration_minutes)]);
    if (details.service.service_days.length > 0)
      rows.push([t('service_days'), format.weekdays(details.service.service_days)]);
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
                <Link to={productHref(item.product_id)} className="underline underline-offset-4">
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
