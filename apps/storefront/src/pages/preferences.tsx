import { type UseLanguageResult, useLanguage, usePreferences } from '@marketkit/hooks';
import { type PreferencesInput, preferencesInputOf, preferredLanguage } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { ErrorState, Skeleton } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../common/failure.ts';
import type { RouteHandle } from '../i18n/namespaces.ts';
import { AccountNav } from '../profile/account-nav.tsx';
import { PreferencesForm } from '../profile/preferences-form.tsx';

export const handle: RouteHandle = { i18n: ['user_profile'] };

/** Preferences (`/preferences`, signed-in): language, channels and what the store may send. */
export default function PreferencesPage() {
  const { t } = useTranslation(['user_profile', 'common']);
  const account = usePreferences();
  const language = useLanguage();
  const { preferences } = account;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-6">
      <h1 className="font-bold text-2xl">{t('preferences.title')}</h1>
      <AccountNav />
      {preferences && !language.isLoading ? (
        <PreferencesForm
          initial={initialValues(preferences, language)}
          languages={language.languages}
          save={account.update}
          // The app follows a newly chosen language, as when it is picked in the header.
          onLanguageSaved={(code) => {
            if (code.toLowerCase() !== language.language.toLowerCase()) language.setLanguage(code);
          }}
        />
      ) : account.error ? (
        <ErrorState
          title={t('preferences.load_failed')}
          description={failureMessage(account.error, '', t) || undefined}
          retryLabel={t('common:retry')}
          onRetry={account.reload}
        />
      ) : (
        <div className="flex flex-col gap-4" aria-busy="true">
          <span className="sr-only" role="status">
            {t('common:loading')}
          </span>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      )}
    </div>
  );
}

function initialValues(preferences: Schema<'Preferences'>, language: UseLanguageResult): PreferencesInput {
  const input = preferencesInputOf(preferences);
  return {
    ...input,
    language_code: preferredLanguage(input.language_code, language.languages, language.language),
  };
}
