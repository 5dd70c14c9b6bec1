import {
  hasOrderFilters,
  isIsoDate,
  MAX_SEARCH_LENGTH,
  ORDER_STATUSES,
  type OrderListFilters,
  PAYMENT_STATUSES,
  REQUEST_STATUSES,
} from '@marketkit/hooks/core';
import { Button, Input } from '@marketkit/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../common/select-field.tsx';
import { useWideScreen } from '../shell/use-wide-screen.ts';

/**
 * The order list's filters: status choices apply at once; search and dates apply with the button.
 * Everything lives in the URL (the caller turns a change into a navigation).
 */
export function OrderFilters({
  filters,
  onChange,
}: {
  filters: OrderListFilters;
  onChange: (change: Partial<OrderListFilters>) => void;
}) {
  const { t } = useTranslation('order');
  // Each date field carries its own error (aria-invalid and described by it).
  const [dateErrors, setDateErrors] = useState<{ from?: string; to?: string }>({});
  const wide = useWideScreen('(min-width: 768px)');
  const requests = filters.view === 'requests';
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => String(form.get(name) ?? '').trim();
    const from = read('from');
    const to = read('to');
    const errors: { from?: string; to?: string } = {};
    if (from && !isIsoDate(from)) errors.from = t('filters.date_invalid');
    if (to && !isIsoDate(to)) errors.to = t('filters.date_invalid');
    else if (!errors.from && from && to && from > to) errors.to = t('filters.date_order');
    setDateErrors(errors);
    if (errors.from || errors.to) return;
    onChange({ search: read('search'), from: from || null, to: to || null });
  };
  return (
    // Open on wide screens; folded on a phone unless a filter is set.
    <details className="rounded-lg border border-current/15 p-3" open={wide || hasOrderFilters(filters)}>
      <summary className="cursor-pointer font-semibold">{t('filters.title')}</summary>
      <div className="mt-3 flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          {requests ? (
            <SelectField
              label={t('filters.request_status')}
              value={filters.requestStatus ?? ''}
              options={[
                { value: '', label: t('filters.any') },
                ...REQUEST_STATUSES.map((value) => ({ value, label: t(`status.request.${value}`) })),
              ]}
              onChange={(value) =>
                onChange({ requestStatus: REQUEST_STATUSES.find((s) => s === value) ?? null })
              }
            />
          ) : (
            <>
              <SelectField
                label={t('filters.order_status')}
                value={filters.status ?? ''}
                options={[
                  { value: '', label: t('filters.any') },
                  ...ORDER_STATUSES.map((value) => ({ value, label: t(`status.order.${value}`) })),
                ]}
                onChange={(value) => onChange({ status: ORDER_STATUSES.find((s) => s === value) ?? null })}
              />
              <SelectField
                label={t('filters.payment_status')}
                value={filters.paymentStatus ?? ''}
                options={[
                  { value: '', label: t('filters.any') },
                  ...PAYMENT_STATUSES.map((value) => ({ value, label: t(`status.payment.${value}`) })),
                ]}
                onChange={(value) =>
                  onChange({ paymentStatus: PAYMENT_STATUSES.find((s) => s === value) ?? null })
                }
              />
            </>
          )}
        </div>
        {/* Keyed on the URL's values: Back or "clear" puts the fields back to what the list shows. */}
        <form
          key={`${filters.search}|${filters.from}|${filters.to}`}
          onSubmit={apply}
          className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
          noValidate
        >
          <Input
            label={t('filters.search')}
            name="search"
            type="search"
            maxLength={MAX_SEARCH_LENGTH}
            defaultValue={filters.search}
            placeholder={t('filters.search_hint')}
          />
          <Input
            label={t('filters.from')}
            name="from"
            type="date"
            defaultValue={filters.from ?? ''}
            error={dateErrors.from}
          />
          <Input
            label={t('filters.to')}
            name="to"
            type="date"
            defaultValue={filters.to ?? ''}
            error={dateErrors.to}
          />
          <Button type="submit" variant="secondary">
            {t('filters.apply')}
          </Button>
        </form>
      </div>
    </details>
  );
}
