import { storeRecheckDelay } from '@marketkit/hooks/core';
import { ErrorState } from '@marketkit/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The services host did not answer (down, hung, failing): said as such, not as a closed store, with
 * "Try again"; while shown the store is checked again by itself, less often each time (see
 * `storeRecheckDelay`), so the page comes back on its own once the host does.
 */
export function StoreUnreachable({ retry }: { retry: () => void }) {
  const { t } = useTranslation('store_modal');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => {
      retry();
      setAttempt((count) => count + 1);
    }, storeRecheckDelay(attempt));
    return () => clearTimeout(timer);
  }, [attempt, retry]);
  return (
    <main className="mx-auto max-w-xl px-4" data-testid="store-unreachable">
      <ErrorState
        title={t('unreachable_title')}
        description={t('unreachable_text')}
        retryLabel={t('retry')}
        onRetry={retry}
      />
    </main>
  );
}

/** Store validation failed or `store_status` is falsy. */
export function StoreUnavailable() {
  const { t } = useTranslation('store_modal');
  return (
    <main className="mx-auto max-w-xl px-4">
      <ErrorState title={t('unavailable_title')} description={t('unavailable_text')} />
    </main>
  );
}

/** The store settings could not be loaded. */
export function SettingsError() {
  const { t } = useTranslation('store_modal');
  return (
    <main className="mx-auto max-w-xl px-4">
      <ErrorState
        title={t('settings_error_title')}
        description={t('settings_error_text')}
        retryLabel={t('retry')}
        onRetry={() => location.reload()}
      />
    </main>
  );
}
