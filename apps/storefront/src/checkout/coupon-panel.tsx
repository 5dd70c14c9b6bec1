import { type UseCheckoutResult, useCoupons } from '@marketkit/hooks';

import type { Schema } from '@marketkit/sdk';
import { Button, Input, toast } from '@marketkit/ui';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../catalogue/money.ts';
import { failureMessage } from '../common/failure.ts';
import { useBusyAction } from '../common/use-busy-action.ts';
import { useFormat } from '../i18n/format.ts';
import { Copy } from '../shell/copy.tsx';

type Flow = UseCheckoutResult;
type Checked = { code: string; discount: number; free: boolean; message: string };

const COUPON_CODE = /^[A-Za-z0-9_-]{1,40}$/;

/** Coupons: the ones that fit these items, a typed code checked before it is applied, and removal. */
export function CouponPanel({ flow, checkout }: { flow: Flow; checkout: Schema<'Checkout'> }) {
  const format = useFormat();
  const { t } = useTranslation(['coupler', 'common']);
  const money = useMoney();
  const items = useMemo(
    () => checkout.checkout_items.map(({ product_id, quantity }) => ({ product_id, quantity })),
    [checkout.checkout_items],
  );
  const coupons = useCoupons(items);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [checked, setChecked] = useState<Checked | null>(null);
  const action = useBusyAction();
  // Checking a typed code answers beside the field, not in a toast.
  const [checking, setChecking] = useState(false);
  const busy = action.busy || checking;
  const applied = checkout.coupon;

  const run = (work: () => Promise<unknown>, failed: string) => action.run(work, { failed: t(failed) });
  const apply = (couponCode: string) =>
    run(async () => {
      const next = await flow.applyCoupon(couponCode);
      setChecked(null);
      setCode('');
      toast.success(t('applied', { code: next.coupon?.coupon_code ?? couponCode }));
    }, 'apply_failed');
  const remove = () => run(async () => void (await flow.removeCoupon()), 'remove_failed');
  const validate = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim().toUpperCase();
    if (!COUPON_CODE.test(typed)) {
      setProblem(t('invalid_code'));
      return;
    }
    setProblem(undefined);
    setChecking(true);
    try {
      const result = await coupons.validate(typed);
      setChecked({
        code: result.coupon_code,
        discount: result.coupon_discount,
        free: result.makes_order_free,
        message: result.message,
      });
    } catch (error) {
      setChecked(null);
      setProblem(failureMessage(error, t('check_failed'), t));
    } finally {
      setChecking(false);
    }
  };

  return (
    <section aria-labelledby="coupons" className="flex flex-col gap-3" data-testid="coupons">
      <h3 id="coupons" className="font-semibold">
        {t('title')}
      </h3>
      {applied ? (
        <div
          className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-current/30 p-3"
          role="status"
        >
          <span>
            {applied.makes_order_free
              ? t('applied_free', { code: applied.coupon_code })
              : t('applied_saving', { code: applied.coupon_code, amount: money(applied.coupon_discount) })}
          </span>
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => void remove()}>
            {t('remove')}
            <span className="sr-only">: {applied.coupon_code}</span>
          </Button>
        </div>
      ) : (
        <>
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => void validate(event)}
            noValidate
          >
            <div className="min-w-0 flex-1">
              <Input
                label={t('code')}
                value={code}
                maxLength={40}
                noSpaces
                autoComplete="off"
                error={problem}
                onChange={(event) => {
                  setCode(event.target.value);
                  setChecked(null);
                }}
              />
            </div>
            <Button type="submit" variant="secondary" disabled={busy}>
              {t('check')}
            </Button>
          </form>
          {checked ? (
            <div
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-current/30 p-3"
              role="status"
            >
              <span>
                {checked.free
                  ? t('would_be_free', { code: checked.code })
                  : t('would_save', { code: checked.code, amount: money(checked.discount) })}
              </span>
              <Button size="sm" disabled={busy} onClick={() => void apply(checked.code)}>
                {t('apply')}
                <span className="sr-only">: {checked.code}</span>
              </Button>
            </div>
          ) : null}
          {coupons.coupons.length > 0 ? (
            <ul className="flex flex-col gap-2">
              {coupons.coupons.map((coupon) => (
                <li
                  key={coupon.coupon_id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed border-current/30 p-3"
                  data-testid="coupon"
                >
                  <div className="min-w-0 text-sm">
                    <p>
                      <code className="font-semibold">{coupon.coupon_code}</code> · {coupon.title}
                    </p>
                    <p className="opacity-80">{coupon.description}</p>
                    {coupon.min_order_value > 0 ? (
                      <p className="opacity-80">{t('minimum', { amount: money(coupon.min_order_value) })}</p>
                    ) : null}
                    {coupon.valid_until ? (
                      <p className="opacity-80">
                        {t('valid_until', { date: format.date(coupon.valid_until) })}
                      </p>
                    ) : null}
                  </div>
                  <div className="flex items-center gap-2">
                    <Copy
                      text={coupon.coupon_code}
                      name={t('common:copy.coupon_code', { code: coupon.coupon_code })}
                    />
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={busy}
                      onClick={() => void apply(coupon.coupon_code)}
                    >
                      {t('apply')}
                      <span className="sr-only">: {coupon.coupon_code}</span>
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </section>
  );
}
