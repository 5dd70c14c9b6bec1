import { ErrorState } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';

/** Store validation failed or `store_status` is falsy (spec §8). */
export function StoreUnavailable() {
  const { t } = useTranslation('store_modal');
  return (
    <main className="mx-auto max-w-xl px-4">
      <ErrorState title={t('unavailable_title')} description={t('unavailable_text')} />
    </main>
  );
}

/** The store settings could not be loaded (spec §8). */
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
