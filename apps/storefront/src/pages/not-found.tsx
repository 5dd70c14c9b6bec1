import { EmptyState } from '@marketkit/ui';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RouteHandle } from '../i18n/namespaces.ts';

export const handle: RouteHandle = { catalogue: true };

export { loader } from './not-found.server.ts';
export { clientLoader } from '../app/route-data.ts';

export default function NotFound() {
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
