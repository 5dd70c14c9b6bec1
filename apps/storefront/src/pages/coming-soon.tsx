import { EmptyState } from '@marketkit/ui';
import { Link } from 'wouter';
import { useT } from '../i18n/react.tsx';

/** A screen whose own issue has not landed yet: a clear notice inside the real route and guard. */
export default function ComingSoon({ title }: { title: string }) {
  const { t } = useT('common');
  return (
    <div className="mx-auto max-w-6xl px-4">
      <EmptyState
        title={t(`screen.${title}`)}
        description={t('coming_soon')}
        action={
          <Link href="/" className="underline underline-offset-4">
            {t('back_home')}
          </Link>
        }
      />
    </div>
  );
}
