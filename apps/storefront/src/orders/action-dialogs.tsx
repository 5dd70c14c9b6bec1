import { afterSaleQuantity } from '@marketkit/hooks/core';
import { Button, Dialog, Input } from '@marketkit/ui';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

const REASON_MAX = 500;
const FIELD =
  'w-full rounded-md border border-current/30 bg-transparent px-3 py-2 focus-visible:outline-2 focus-visible:outline-current';

/**
 * A confirmation that asks why (cancel, return, replace) and, for returns and replacements, how many.
 * `onConfirm` rejecting keeps the dialog open (the caller shows the server's message).
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  children,
  reasonLabel,
  confirmLabel,
  maxQuantity,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What the shopper should know before confirming (charge, refund, window). */
  children?: ReactNode;
  reasonLabel: string;
  confirmLabel: string;
  /** Asks for a quantity from 1 to this (returns and replacements). */
  maxQuantity?: number;
  onConfirm: (input: { reason: string; quantity: number }) => Promise<void>;
}) {
  const { t } = useTranslation(['order', 'common']);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ reason?: string; quantity?: string }>({});
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = String(form.get('reason') ?? '').trim();
    const quantity =
      maxQuantity === undefined ? 1 : afterSaleQuantity(String(form.get('quantity') ?? ''), maxQuantity);
    const found = {
      ...(reason ? {} : { reason: t('dialog.reason_required') }),
      ...(quantity === null ? { quantity: t('dialog.quantity_range', { max: maxQuantity ?? 1 }) } : {}),
    };
    setErrors(found);
    if (found.reason || found.quantity || quantity === null) return;
    setBusy(true);
    try {
      await onConfirm({ reason, quantity });
      onOpenChange(false);
    } catch {
      // The caller has told the shopper why; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} closeLabel={t('common:close')}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {children ? <div className="flex flex-col gap-1 text-sm">{children}</div> : null}
        {maxQuantity !== undefined ? (
          <Input
            label={t('dialog.quantity', { max: maxQuantity })}
            name="quantity"
            numericOnly
            defaultValue="1"
            maxLength={4}
            error={errors.quantity}
          />
        ) : null}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-reason`} className="font-medium text-sm">
            {reasonLabel}
          </label>
          <textarea
            id={`${id}-reason`}
            name="reason"
            rows={3}
            maxLength={REASON_MAX}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
            className={FIELD}
          />
          {errors.reason ? (
            <p id={`${id}-reason-error`} role="alert" className="text-red-700 text-xs">
              {errors.reason}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
            {t('dialog.back')}
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const STARS = [1, 2, 3, 4, 5] as const;

/** Rating a delivered product: 1 to 5 stars, an optional title and review. */
export function RateDialog({
  open,
  onOpenChange,
  productName,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productName: string;
  onConfirm: (input: { rating: number; title: string; review: string }) => Promise<void>;
}) {
  const { t } = useTranslation(['order', 'common']);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const rating = Number(form.get('rating'));
    if (!STARS.some((star) => star === rating)) return setError(t('rate.required'));
    setError(undefined);
    setBusy(true);
    try {
      await onConfirm({
        rating,
        title: String(form.get('title') ?? '').trim(),
        review: String(form.get('review') ?? '').trim(),
      });
      onOpenChange(false);
    } catch {
      // The caller has shown the server's reason; the form stays filled in.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('rate.title', { name: productName })}
      closeLabel={t('common:close')}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
          <legend className="font-medium text-sm">{t('rate.stars')}</legend>
          <div className="flex flex-wrap gap-2">
            {STARS.map((star) => (
              <label
                key={star}
                className="flex min-h-10 cursor-pointer items-center gap-1 rounded-md border border-current/30 px-3 has-[:checked]:border-current has-[:checked]:font-semibold"
              >
                <input type="radio" name="rating" value={star} className="accent-current" />
                {t('rate.star', { count: star })}
              </label>
            ))}
          </div>
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-red-700 text-xs">
              {error}
            </p>
          ) : null}
        </fieldset>
        <Input label={t('rate.headline')} name="title" maxLength={120} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-review`} className="font-medium text-sm">
            {t('rate.review')}
          </label>
          <textarea id={`${id}-review`} name="review" rows={4} maxLength={2000} className={FIELD} />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
            {t('dialog.back')}
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {t('rate.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
