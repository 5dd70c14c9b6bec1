import { ErrorState } from '@marketkit/ui';
import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type ScreenLoading, screenLoading } from '../app/route-modules.ts';

const idle: ScreenLoading = { state: 'idle' };

/**
 * What the shell says about the next screen's code (app/route-modules.ts): offline, a notice above the
 * current screen until the connection is back; failed after the one reload, the error in its place.
 */
export function ScreenLoadFailure({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const loading = useSyncExternalStore(screenLoading.subscribe, screenLoading.getState, () => idle);
  if (loading.state === 'failed')
    return (
      <ErrorState
        title={t('screen_failed')}
        description={String((loading.error as Error | undefined)?.message ?? loading.error)}
        retryLabel={t('retry')}
        onRetry={loading.retry}
      />
    );
  return (
    <>
      {loading.state === 'offline' ? (
        <p role="status" className="mx-auto max-w-6xl px-4 pt-4 text-sm">
          {t('offline_waiting')}
        </p>
      ) : null}
      {children}
    </>
  );
}
