import { isMarketApiError } from '@marketkit/sdk';
import { useTranslation } from 'react-i18next';

/**
 * The app's words for a failure: its own text for the codes it knows (`errors.{code}` in i18n.ts), the
 * server's own words for another refusal it answered, else a general message. The hooks and the SDK
 * give codes, never text for shoppers.
 */
export function useFailureText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (!isMarketApiError(error)) return t('errors.unknown');
    const fallback =
      error.kind === 'http' && error.responseMessage ? error.responseMessage : t('errors.unknown');
    return t(`errors.${error.code}`, { defaultValue: fallback });
  };
}
