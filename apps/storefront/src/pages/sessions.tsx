import { useDevices } from '@marketkit/hooks';

import type { Schema } from '@marketkit/sdk';
import { Button, Dialog, EmptyState, ErrorState, Skeleton, toast } from '@marketkit/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgetReturnTo } from '../common/return-to.ts';
import { useBusyAction } from '../common/use-busy-action.ts';
import { type Formatters, useFormat } from '../i18n/format.ts';
import type { RouteHandle } from '../i18n/namespaces.ts';

export const handle: RouteHandle = { i18n: ['user_details'] };

type Device = Schema<'Device'>;
type Confirming = { kind: 'device'; device: Device } | { kind: 'others' } | { kind: 'all' } | null;

/** `June 5, 2026, 2:05 PM`, in the page's language. */
const when = (format: Formatters, value: string) => `${format.date(value)}, ${format.time(new Date(value))}`;
/** A device name inside a sentence keeps its own direction (an English name in Arabic text). */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** Signed-in devices (`/loginSessions`, `/activeSessions`): this one marked, sign out one, the others or all. */
export default function Sessions() {
  const format = useFormat();
  const { t } = useTranslation(['user_details', 'common']);
  const account = useDevices();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const { busy, run } = useBusyAction();
  const others = account.devices.filter((device) => !device.is_current);

  const confirm = async () => {
    if (!confirming) return;
    let done = false;
    if (confirming.kind === 'device') {
      const name = isolate(confirming.device.device_name);
      done = await run(() => account.signOutDevice(confirming.device.device_id), {
        done: t('device_signed_out', { name }),
        failed: t('sign_out_failed'),
      });
    } else if (confirming.kind === 'others') {
      let count = 0;
      done = await run(
        async () => {
          count = await account.signOutOtherDevices();
        },
        { failed: t('sign_out_failed') },
      );
      if (done) toast.success(t('others_signed_out', { count }));
    } else {
      done = await run(() => account.signOutEverywhere(), { failed: t('sign_out_failed') });
      // As after a sign-out: the app starts again at its home page, as a guest.
      if (done) {
        forgetReturnTo();
        location.assign('/');
      }
    }
    if (done) setConfirming(null);
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="font-bold text-2xl">{t('title')}</h1>
      <p className="opacity-80">{t('intro')}</p>
      {account.error ? (
        <ErrorState title={t('load_failed')} retryLabel={t('common:retry')} onRetry={account.reload} />
      ) : account.isLoading ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : account.devices.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {account.devices.map((device) => (
              <li
                key={device.device_id}
                className="flex flex-col gap-2 rounded-lg border border-current/15 p-4"
                data-testid="device"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <h2 dir="auto" className="break-all font-semibold">
                    {device.device_name}
                  </h2>
                  {device.is_current ? (
                    <span className="rounded-full border border-current px-2 text-xs font-medium">
                      {t('this_device')}
                    </span>
                  ) : null}
                  {device.is_trusted ? (
                    <span className="rounded-full border border-current/40 px-2 text-xs">{t('trusted')}</span>
                  ) : null}
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="opacity-75">{t('last_active')}</dt>
                  <dd>{when(format, device.last_active_at)}</dd>
                  <dt className="opacity-75">{t('signed_in_at')}</dt>
                  <dd>{when(format, device.signed_in_at)}</dd>
                  <dt className="opacity-75">{t('ip_address')}</dt>
                  <dd dir="ltr" className="break-all text-start">
                    {device.ip_address}
                  </dd>
                </dl>
                {device.is_current ? null : (
                  <div>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setConfirming({ kind: 'device', device })}
                    >
                      {t('sign_out_device')}
                      <span className="sr-only">
                        : {device.device_name}, {when(format, device.last_active_at)}
                      </span>
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
          {others.length === 0 ? <p className="text-sm opacity-80">{t('no_other_devices')}</p> : null}
          <div className="flex flex-wrap gap-2">
            {others.length > 0 ? (
              <Button onClick={() => setConfirming({ kind: 'others' })}>{t('sign_out_others')}</Button>
            ) : null}
            <Button variant="ghost" onClick={() => setConfirming({ kind: 'all' })}>
              {t('sign_out_everywhere')}
            </Button>
          </div>
        </>
      )}
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => (open || busy ? null : setConfirming(null))}
        title={
          confirming?.kind === 'device'
            ? t('confirm_device_title', { name: isolate(confirming.device.device_name) })
            : confirming?.kind === 'others'
              ? t('confirm_others_title')
              : t('confirm_all_title')
        }
        description={
          confirming?.kind === 'device'
            ? t('confirm_device_text')
            : confirming?.kind === 'others'
              ? t('confirm_others_text', { count: others.length })
              : t('confirm_all_text')
        }
        closeLabel={t('common:close')}
      >
        <div className="flex flex-wrap gap-2">
          <Button disabled={busy} onClick={() => void confirm()}>
            {confirming?.kind === 'device'
              ? t('sign_out_device')
              : confirming?.kind === 'others'
                ? t('sign_out_others')
                : t('sign_out_everywhere')}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => setConfirming(null)}>
            {t('cancel')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
