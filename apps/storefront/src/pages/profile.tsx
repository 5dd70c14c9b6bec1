import { useProfile } from '@marketkit/hooks';
import { ErrorState, Skeleton } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../common/failure.ts';
import type { RouteHandle } from '../i18n/namespaces.ts';
import { AccountNav } from '../profile/account-nav.tsx';
import { ChangePassword } from '../profile/change-password.tsx';
import { ProfileDetails } from '../profile/profile-details.tsx';
import { ProfileImage } from '../profile/profile-image.tsx';

export const handle: RouteHandle = { i18n: ['user_profile'] };

/** My profile (`/myProfile`, `/userDetails`, signed-in): details with an edit form, picture, password. */
export default function ProfilePage() {
  const { t } = useTranslation(['user_profile', 'common']);
  const account = useProfile();
  const { profile } = account;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-6">
      <h1 className="font-bold text-2xl">{t('title')}</h1>
      <AccountNav />
      {profile ? (
        <>
          <ProfileImage profile={profile} />
          <ProfileDetails profile={profile} update={account.update} />
          <ChangePassword />
        </>
      ) : account.error ? (
        <ErrorState
          title={t('load_failed')}
          description={failureMessage(account.error, '', t) || undefined}
          retryLabel={t('common:retry')}
          onRetry={account.reload}
        />
      ) : (
        <div className="flex flex-col gap-4" aria-busy="true">
          <span className="sr-only" role="status">
            {t('common:loading')}
          </span>
          <Skeleton className="h-36 w-full" />
          <Skeleton className="h-56 w-full" />
        </div>
      )}
    </div>
  );
}
