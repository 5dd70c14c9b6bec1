import { useAddresses, useCart, usePincodeCheck } from '@marketkit/hooks';
import { addressInputOf, addressLine } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { Button, Dialog, Input } from '@marketkit/ui';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressForm } from '../checkout/address-form.tsx';
import { failureMessage } from '../common/failure.ts';
import { LoadStates } from '../common/load-states.tsx';
import { useBusyAction } from '../common/use-busy-action.ts';
import type { RouteHandle } from '../i18n/namespaces.ts';

export const handle: RouteHandle = { i18n: ['address'] };

type Editing = { mode: 'new' } | { mode: 'edit'; address: Schema<'Address'> } | null;

/** Saved addresses (`/customerAddress`, signed-in): list, add, edit, delete, default, and a delivery check. */
export default function Addresses() {
  const { t } = useTranslation(['address', 'common']);
  const book = useAddresses();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Schema<'Address'> | null>(null);

  const { busy, run } = useBusyAction();
  const save = async (value: Parameters<typeof book.create>[0]) => {
    const changing = editing?.mode === 'edit' ? editing.address : null;
    const done = await run(() => (changing ? book.update(changing.address_id, value) : book.create(value)), {
      done: t(changing ? 'updated' : 'added'),
      failed: t('save_failed'),
    });
    if (done) setEditing(null);
  };
  const remove = async (address: Schema<'Address'>) => {
    const done = await run(() => book.remove(address.address_id), {
      done: t('deleted'),
      failed: t('delete_failed'),
    });
    if (done) setDeleting(null);
  };
  const makeDefault = (address: Schema<'Address'>) =>
    run(() => book.makeDefault(address), { done: t('default_set'), failed: t('save_failed') });

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-bold text-2xl">{t('title')}</h1>
        <Button onClick={() => setEditing({ mode: 'new' })}>{t('add')}</Button>
      </div>
      <DeliveryCheck />
      <LoadStates
        state={book.state}
        failed={{
          title: t('load_failed'),
          description: failureMessage(book.error, '', t) || undefined,
          onRetry: book.reload,
        }}
        loading={['h-24 w-full', 'h-24 w-full']}
        empty={{ title: t('empty'), description: t('empty_hint') }}
      >
        {() =>
          (['delivery', 'billing'] as const).map((type) => {
            const list = book.addresses.filter((address) => address.address_type === type);
            return list.length === 0 ? null : (
              <section key={type} aria-labelledby={`addresses-${type}`} className="flex flex-col gap-3">
                <h2 id={`addresses-${type}`} className="font-semibold text-lg">
                  {t(`heading.${type}`)}
                </h2>
                <ul className="grid gap-3 sm:grid-cols-2">
                  {list.map((address) => (
                    <li
                      key={address.address_id}
                      className="flex flex-col gap-2 rounded-lg border border-current/15 p-4"
                      data-testid="address"
                    >
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-medium">{address.full_name}</span>
                        {address.is_default ? (
                          <span className="rounded-full border border-current/30 px-2 text-xs">
                            {t('default')}
                          </span>
                        ) : null}
                      </div>
                      <p className="text-sm">{addressLine(address)}</p>
                      <p className="text-sm opacity-80" dir="ltr">
                        {address.extension} {address.phone}
                      </p>
                      <div className="mt-auto flex flex-wrap gap-2">
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setEditing({ mode: 'edit', address })}
                        >
                          {t('edit')}
                          <span className="sr-only">
                            : {address.full_name}, {address.address_line_1}
                          </span>
                        </Button>
                        {address.is_default ? null : (
                          <Button size="sm" variant="ghost" onClick={() => void makeDefault(address)}>
                            {t('make_default_action')}
                            <span className="sr-only">: {address.address_line_1}</span>
                          </Button>
                        )}
                        <Button size="sm" variant="ghost" onClick={() => setDeleting(address)}>
                          {t('delete')}
                          <span className="sr-only">: {address.address_line_1}</span>
                        </Button>
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })
        }
      </LoadStates>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => (open ? null : setEditing(null))}
        title={editing?.mode === 'edit' ? t('edit_title') : t('add_title')}
        closeLabel={t('common:close')}
      >
        {editing ? (
          <AddressForm
            key={editing.mode === 'edit' ? editing.address.address_id : 'new'}
            initial={editing.mode === 'edit' ? addressInputOf(editing.address) : undefined}
            submitLabel={t('save')}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={t('delete_title')}
        description={deleting ? addressLine(deleting) : undefined}
        closeLabel={t('common:close')}
      >
        <div className="flex flex-wrap gap-2">
          <Button disabled={busy} onClick={() => deleting && void remove(deleting)}>
            {t('delete')}
          </Button>
          <Button variant="ghost" onClick={() => setDeleting(null)}>
            {t('cancel')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** Can a pincode receive what is in the cart? Asked of the server for every line at once. */
function DeliveryCheck() {
  const { t } = useTranslation('address');
  const cart = useCart();
  const productIds = useMemo(() => cart.lines.map((line) => line.product), [cart.lines]);
  const [typed, setTyped] = useState('');
  const [pincode, setPincode] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const check = usePincodeCheck(pincode, productIds);
  if (productIds.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = /^[0-9]{4,10}$/.test(typed);
    setProblem(valid ? undefined : t('problem.pincode'));
    if (valid) setPincode(typed);
  };
  const unavailable = check.result?.items.filter((item) => !item.available) ?? [];
  return (
    <section aria-labelledby="delivery-check" className="rounded-lg border border-current/15 p-4">
      <h2 id="delivery-check" className="font-semibold">
        {t('check_title')}
      </h2>
      <form className="mt-2 flex flex-wrap items-end gap-2" onSubmit={submit}>
        <div className="min-w-0 flex-1">
          <Input
            label={t('field.pincode')}
            inputMode="numeric"
            numericOnly
            maxLength={10}
            value={typed}
            error={problem}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('check')}
        </Button>
      </form>
      <p role="status" className="mt-2 text-sm">
        {check.isChecking
          ? t('checking')
          : check.error
            ? failureMessage(check.error, t('check_failed'), t)
            : check.result
              ? check.result.all_available
                ? t('all_deliverable', { pincode: check.result.pincode })
                : t('some_undeliverable', { count: unavailable.length, pincode: check.result.pincode })
              : ''}
      </p>
    </section>
  );
}
