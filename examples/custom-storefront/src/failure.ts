import { isMarketApiError } from '@marketkit/sdk';
import { useTranslation } from 'react-i18next';

/**
 * The app's words for a failure: its own text for the codes it knows (`errors.{code}` in i18n.ts),
 * else a general message. The hooks and the SDK give codes, never text for shoppers: the server's
 * `responseMessage` may be a validator's English and `message` is for developers.
 */
export function useFailureText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    if (!isMarketApiError(error)) return t('errors.unknown');
    return t(`errors.${error.code}`, { defaultValue: t('errors.unknown') });
  };
}
