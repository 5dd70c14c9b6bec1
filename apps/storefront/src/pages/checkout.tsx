import { type UseCheckoutResult, useAddresses, useCheckout } from '@marketkit/hooks';
import { addressesOfType, addressLine, checkoutBlockers } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { Button, Dialog, EmptyState, ErrorState, Skeleton, Spinner, toast } from '@marketkit/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useMoney } from '../catalogue/money.ts';
import { Thumbnail } from '../catalogue/thumbnail.tsx';
import { AddressForm } from '../checkout/address-form.tsx';
import { CouponPanel } from '../checkout/coupon-panel.tsx';
import { orderStatusPath } from '../checkout/hand-over.ts';
import { PaymentStep } from '../checkout/payment-step.tsx';
import { failureMessage } from '../common/failure.ts';
import { useFormat } from '../i18n/format.ts';
import type { RouteHandle } from '../i18n/namespaces.ts';

export const handle: RouteHandle = { i18n: ['cart', 'address', 'coupler', 'order'] };

type Flow = UseCheckoutResult;
const NAMESPACES = ['cart', 'address', 'coupler', 'order', 'common'] as const;
const STEP_HEADINGS = ['checkout-address', 'checkout-review', 'checkout-payment'];

/**
 * Checkout (`/checkout/{checkoutId}`, signed-in): 3 steps (address, review, payment); 2 when
 * nothing is to be paid; none when every item is a request, which is submitted instead of paid.
 */
export default function Checkout() {
  const { t } = useTranslation(NAMESPACES);
  const { checkoutId = '' } = useParams<{ checkoutId: string }>();
  const flow = useCheckout(checkoutId);
  const [active, setActive] = useState(1);
  const { numberOfSteps } = flow.steps;
  // A coupon that makes the order free removes the payment step under the shopper's feet.
  useEffect(() => {
    if (numberOfSteps > 0 && active > numberOfSteps) setActive(numberOfSteps);
  }, [active, numberOfSteps]);
  // A new step takes the focus to its heading, so keyboard and screen reader users land on it.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    document.getElementById(STEP_HEADINGS[active - 1] ?? '')?.focus();
  }, [active]);
  const goTo = (step: number) => {
    moved.current = true;
    setActive(step);
  };

  if (flow.isLoading)
    return (
      <div className="mx-auto flex max-w-4xl flex-col gap-3 px-4 py-6" aria-busy="true">
        <h1 className="font-bold text-2xl">{t('journey.title')}</h1>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  const checkout = flow.checkout;
  if (!checkout)
    return (
      <div className="mx-auto max-w-4xl px-4 py-6">
        <h1 className="font-bold text-2xl">{t('journey.title')}</h1>
        <ErrorState
          title={failureMessage(flow.error, t('journey.load_failed'), t)}
          action={
            <Link to="/cart" className="underline underline-offset-4">
              {t('journey.back_to_cart')}
            </Link>
          }
        />
      </div>
    );
  if (checkout.status !== 'open')
    return (
      <div className="mx-auto max-w-4xl px-4 py-6">
        <h1 className="font-bold text-2xl">{t('journey.title')}</h1>
        <EmptyState
          title={t(checkout.status === 'ordered' ? 'journey.already_ordered' : 'journey.expired')}
          action={
            <Link
              to={checkout.status === 'ordered' ? '/userprofile/myOrder' : '/cart'}
              className="underline underline-offset-4"
            >
              {t(checkout.status === 'ordered' ? 'journey.see_orders' : 'journey.back_to_cart')}
            </Link>
          }
        />
      </div>
    );

  const stepNames = ['address', 'review', 'payment'].slice(0, numberOfSteps);
  const blockers = checkoutBlockers(checkout);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-6">
      <h1 className="font-bold text-2xl">{t('journey.title')}</h1>
      {numberOfSteps > 0 ? (
        <ol
          className="flex flex-wrap gap-2 text-sm"
          aria-label={t('journey.steps')}
          data-testid="checkout-steps"
        >
          {stepNames.map((name, index) => (
            <li
              key={name}
              aria-current={active === index + 1 ? 'step' : undefined}
              className={`rounded-full border px-3 py-1 ${active === index + 1 ? 'border-current font-semibold' : 'border-current/20 opacity-80'}`}
            >
              {t('journey.step', {
                number: index + 1,
                count: numberOfSteps,
                name: t(`journey.step_${name}`),
              })}
            </li>
          ))}
        </ol>
      ) : (
        <p className="rounded-md border border-current/20 p-3 text-sm" data-testid="request-notice">
          {t('journey.request_notice')}
        </p>
      )}
      {numberOfSteps === 0 || active === 1 ? (
        <AddressStep flow={flow} checkout={checkout} />
      ) : (
        <ChosenAddresses checkout={checkout} onChange={() => goTo(1)} />
      )}
      {blockers.length > 0 && (numberOfSteps === 0 || active === 1 || numberOfSteps === 2) ? (
        <ul id="checkout-blockers" className="list-disc ps-5 text-sm" data-testid="checkout-blockers">
          {blockers.map((blocker) => (
            <li key={blocker}>{t(`journey.blocker.${blocker}`)}</li>
          ))}
        </ul>
      ) : null}
      {numberOfSteps > 0 && active === 1 ? (
        <Button
          className="self-start"
          disabled={blockers.length > 0}
          aria-describedby={blockers.length > 0 ? 'checkout-blockers' : undefined}
          onClick={() => goTo(2)}
        >
          {t('journey.continue')}
        </Button>
      ) : null}
      {numberOfSteps === 0 || active >= 2 ? <Review flow={flow} checkout={checkout} /> : null}
      {numberOfSteps === 3 && active === 2 ? (
        <Button className="self-start" onClick={() => goTo(3)}>
          {t('journey.continue_to_payment')}
        </Button>
      ) : null}
      {numberOfSteps === 3 && active === 3 ? <PaymentStep flow={flow} /> : null}
      {numberOfSteps === 2 && active === 2 ? (
        <PlaceWithoutPayment
          flow={flow}
          label={t('journey.place_free_order')}
          blocked={blockers.length > 0}
        />
      ) : null}
      {numberOfSteps === 0 ? (
        <PlaceWithoutPayment flow={flow} label={t('journey.submit_request')} blocked={blockers.length > 0} />
      ) : null}
    </div>
  );
}

/** Free and request-only orders: placed without a payment step. */
function PlaceWithoutPayment({ flow, label, blocked }: { flow: Flow; label: string; blocked: boolean }) {
  const { t } = useTranslation(NAMESPACES);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const place = async () => {
    setBusy(true);
    try {
      const order = await flow.placeOrder();
      toast.success(t(order.is_request ? 'journey.request_submitted' : 'order placed success'));
      navigate(orderStatusPath(order.order_id), { replace: true });
    } catch (error) {
      toast.error(failureMessage(error, t('journey.place_failed'), t));
      setBusy(false);
    }
  };
  return (
    <Button
      className="self-start"
      disabled={blocked || busy}
      aria-describedby={blocked ? 'checkout-blockers' : undefined}
      onClick={() => void place()}
    >
      {busy ? <Spinner size={20} label={t('loading')} /> : null}
      {label}
    </Button>
  );
}

/** Step 1: where it goes (when anything is delivered) and who pays; each choice is saved on the journey. */
function AddressStep({ flow, checkout }: { flow: Flow; checkout: Schema<'Checkout'> }) {
  const { t } = useTranslation(NAMESPACES);
  const book = useAddresses();
  const [adding, setAdding] = useState(false);
  const details = checkout.address_details;
  const [sameBilling, setSameBilling] = useState(
    details.billing_address_id === null || details.billing_address_id === details.delivery_address_id,
  );
  const deliveries = addressesOfType(book.addresses, 'delivery');
  const billings = addressesOfType(book.addresses, 'billing');
  const update = flow.update;
  const save = useCallback(
    async (body: Parameters<Flow['update']>[0]) => {
      try {
        await update(body);
      } catch (error) {
        toast.error(failureMessage(error, t('journey.address_failed'), t));
      }
    },
    [update, t],
  );
  // The default address is chosen for the shopper once, when the book is loaded and nothing is chosen.
  const autoChosen = useRef(false);
  useEffect(() => {
    if (autoChosen.current || book.isLoading || book.addresses.length === 0) return;
    autoChosen.current = true;
    const delivery = details.delivery_required ? (details.delivery_address_id ?? deliveries.preferred) : null;
    const billing =
      details.billing_address_id ?? delivery ?? billings.preferred ?? book.addresses[0]?.address_id ?? null;
    if (delivery !== details.delivery_address_id || billing !== details.billing_address_id)
      void save({
        ...(details.delivery_required ? { delivery_address_id: delivery } : {}),
        billing_address_id: billing,
      });
  }, [book.isLoading, book.addresses, details, deliveries.preferred, billings.preferred, save]);

  // Delivery goes to a delivery address; the bill may go to any address (billing ones first).
  const payers = [...billings.list, ...deliveries.list];
  const unavailable = new Set(checkout.pincode_checkup.unavailable_product_ids);
  return (
    <section
      aria-labelledby="checkout-address"
      className="flex flex-col gap-3 rounded-lg border border-current/15 p-4"
    >
      <h2 id="checkout-address" tabIndex={-1} className="font-semibold text-lg outline-none">
        {t('journey.step_address')}
      </h2>
      {book.isLoading ? <Skeleton className="h-16 w-full" /> : null}
      {book.error ? (
        <ErrorState title={t('address:load_failed')} retryLabel={t('retry')} onRetry={book.reload} />
      ) : null}
      {!book.isLoading && !book.error && book.addresses.length === 0 ? (
        <p>{t('journey.no_addresses')}</p>
      ) : null}
      {!book.isLoading &&
      book.addresses.length > 0 &&
      details.delivery_required &&
      deliveries.list.length === 0 ? (
        <p>{t('journey.no_delivery_address')}</p>
      ) : null}
      {details.delivery_required && deliveries.list.length > 0 ? (
        <AddressChoice
          legend={t('journey.delivery_address')}
          name="delivery"
          addresses={deliveries.list}
          value={details.delivery_address_id}
          onChange={(id) =>
            void save(
              sameBilling ? { delivery_address_id: id, billing_address_id: id } : { delivery_address_id: id },
            )
          }
        />
      ) : null}
      {details.delivery_required && checkout.pincode_checkup.all_available === false ? (
        <div
          role="alert"
          className="rounded-md border border-red-600 p-3 text-sm"
          data-testid="undeliverable"
        >
          <p className="font-medium">
            {t('journey.undeliverable', { pincode: checkout.pincode_checkup.pincode ?? '' })}
          </p>
          <ul className="list-disc ps-5">
            {checkout.checkout_items
              .filter((item) => unavailable.has(item.product_id))
              .map((item) => (
                <li key={item.checkout_item_id}>{item.product_name}</li>
              ))}
          </ul>
        </div>
      ) : null}
      {details.delivery_required && deliveries.list.length > 0 ? (
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={sameBilling}
            onChange={(event) => {
              setSameBilling(event.target.checked);
              if (event.target.checked && details.delivery_address_id !== null)
                void save({ billing_address_id: details.delivery_address_id });
            }}
          />
          {t('journey.same_billing')}
        </label>
      ) : null}
      {payers.length > 0 && (!details.delivery_required || !sameBilling) ? (
        <AddressChoice
          legend={t('journey.billing_address')}
          name="billing"
          addresses={payers}
          value={details.billing_address_id}
          onChange={(id) => void save({ billing_address_id: id })}
        />
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
          {t('address:add')}
        </Button>
        <Link to="/customerAddress" className="self-center text-sm underline underline-offset-4">
          {t('journey.manage_addresses')}
        </Link>
      </div>
      <Dialog open={adding} onOpenChange={setAdding} title={t('address:add_title')} closeLabel={t('close')}>
        {adding ? (
          <AddressForm
            submitLabel={t('address:save')}
            onCancel={() => setAdding(false)}
            onSubmit={async (value) => {
              try {
                const created = await book.create(value);
                setAdding(false);
                await save(
                  details.delivery_required &&
                    (value.address_type === 'delivery' || details.delivery_address_id === null)
                    ? {
                        delivery_address_id: created.address_id,
                        ...(sameBilling ? { billing_address_id: created.address_id } : {}),
                      }
                    : { billing_address_id: created.address_id },
                );
              } catch (error) {
                toast.error(failureMessage(error, t('address:save_failed'), t));
              }
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

function AddressChoice({
  legend,
  name,
  addresses,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  addresses: Schema<'Address'>[];
  value: number | null;
  onChange: (addressId: number) => void;
}) {
  const { t } = useTranslation(NAMESPACES);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-medium">{legend}</legend>
      {addresses.map((address) => (
        <label
          key={address.address_id}
          className="flex items-start gap-3 rounded-md border border-current/15 p-3 has-[:checked]:border-current"
        >
          <input
            type="radio"
            name={name}
            className="mt-1"
            checked={value === address.address_id}
            onChange={() => onChange(address.address_id)}
          />
          <span className="min-w-0">
            <span className="font-medium">{address.full_name}</span>
            {address.is_default ? (
              <span className="ms-2 text-xs opacity-80">({t('address:default')})</span>
            ) : null}
            <span className="block text-sm">{addressLine(address)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The chosen addresses, once the shopper has moved on. */
function ChosenAddresses({ checkout, onChange }: { checkout: Schema<'Checkout'>; onChange: () => void }) {
  const { t } = useTranslation(NAMESPACES);
  const book = useAddresses();
  const find = (id: number | null) => book.addresses.find((address) => address.address_id === id);
  const delivery = find(checkout.address_details.delivery_address_id);
  const billing = find(checkout.address_details.billing_address_id);
  return (
    <section
      aria-labelledby="checkout-address"
      className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-current/15 p-4"
    >
      <div className="min-w-0 text-sm">
        <h2 id="checkout-address" tabIndex={-1} className="mb-1 font-semibold text-base outline-none">
          {t('journey.step_address')}
        </h2>
        {delivery ? <p>{t('journey.deliver_to', { address: addressLine(delivery) })}</p> : null}
        {billing ? <p>{t('journey.bill_to', { address: addressLine(billing) })}</p> : null}
      </div>
      <Button size="sm" variant="secondary" onClick={onChange}>
        {t('journey.change')}
      </Button>
    </section>
  );
}

/** Step 2: what is bought, the coupon and the totals, as the server priced them. */
function Review({ flow, checkout }: { flow: Flow; checkout: Schema<'Checkout'> }) {
  const format = useFormat();
  const { t } = useTranslation(NAMESPACES);
  const money = useMoney();
  const summary = checkout.summary;
  const rows: [string, number][] = [
    ['journey.subtotal', summary.subtotal],
    ['journey.discount', -summary.discount],
    ['journey.coupon_discount', -summary.coupon_discount],
    ['journey.delivery', summary.delivery_charge],
    ['journey.tax', summary.tax],
  ];
  return (
    <section
      aria-labelledby="checkout-review"
      className="flex flex-col gap-4 rounded-lg border border-current/15 p-4"
    >
      <h2 id="checkout-review" tabIndex={-1} className="font-semibold text-lg outline-none">
        {t('journey.step_review')}
      </h2>
      <ul className="flex flex-col">
        {checkout.checkout_items.map((item) => (
          <li
            key={item.checkout_item_id}
            className="flex gap-3 border-current/10 border-b py-3"
            data-testid="checkout-item"
          >
            <Thumbnail path={item.product_image} size={56} className="size-14" />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-base">{item.product_name}</p>
              <p>{t('journey.quantity', { count: item.quantity })}</p>
              {item.slot ? (
                <p>
                  {t('slot', {
                    date: format.day(item.slot.slot_date),
                    start: format.time(item.slot.start_time),
                    end: format.time(item.slot.end_time),
                  })}
                </p>
              ) : null}
              {item.order_flow === 'request_based' ? (
                <p className="italic">{t('journey.on_request')}</p>
              ) : null}
            </div>
            <p className="font-medium">
              {item.item_type === 'free_item' ? t('journey.free') : money(item.line_total)}
            </p>
          </li>
        ))}
      </ul>
      {flow.steps.numberOfSteps === 0 ? null : <CouponPanel flow={flow} checkout={checkout} />}
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="checkout-summary">
        {rows
          .filter(([, amount]) => amount !== 0)
          .map(([label, amount]) => (
            <div key={label} className="contents">
              <dt>{t(label)}</dt>
              <dd className="text-end">{money(amount)}</dd>
            </div>
          ))}
        <dt className="font-semibold text-base">{t('journey.total')}</dt>
        <dd className="text-end font-semibold text-base" data-testid="checkout-total">
          {summary.is_free ? t('journey.free') : money(summary.total)}
        </dd>
      </dl>
    </section>
  );
}
