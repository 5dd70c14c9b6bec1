import { ErrorState } from '@marketkit/ui';
import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { type ScreenLoading, screenLoading } from '../app/route-modules.ts';
import { routeNamespaces } from '../i18n/namespaces.ts';

const idle: ScreenLoading = { state: 'idle' };

/**
 * What the shell says about the next screen's code (app/route-modules.ts): offline, a notice above the
 * current screen until the connection is back; failed after the one reload, the error in its place.
 * A screen never renders before the texts its routes' handles name: it is drawn once they are in (on
 * the server and at hydration they are in already; a text file that fails for good leaves its keys to
 * English, and the screen is drawn then).
 */
export function ScreenLoadFailure({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const { ready } = useTranslation(routeNamespaces(useMatches().map((match) => match.handle)));
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
      {ready ? children : null}
    </>
  );
}
