import { EmptyState } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** "Page not found", with the way home (an unknown path, or a route the store does not have). */
export function NotFound() {
  const { t } = useTranslation('common');
  return (
    <div className="mx-auto max-w-6xl px-4">
      <EmptyState
        title={t('page_not_found')}
        description={t('page_not_found_hint')}
        action={
          <Link to="/" className="underline underline-offset-4">
            {t('back_home')}
          </Link>
        }
      />
    </div>
  );
}
