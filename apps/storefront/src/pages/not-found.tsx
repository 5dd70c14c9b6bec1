import { EmptyState } from '@marketkit/ui';
import { Link } from 'wouter';
import { useT } from '../i18n/react.tsx';

export default function NotFound() {
  const { t } = useT('common');
  return (
    <div className="mx-auto max-w-6xl px-4">
      <EmptyState
        title={t('page_not_found')}
        description={t('page_not_found_hint')}
        action={
          <Link href="/" className="underline underline-offset-4">
            {t('back_home')}
          </Link>
        }
      />
    </div>
  );
}
