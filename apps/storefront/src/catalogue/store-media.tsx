import { useCurrency } from '@marketkit/hooks';
import { Image, type ImageProps, Money, type MoneyProps } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';
import { useRuntimeConfig } from '../app/root-data.ts';
import { PLACEHOLDER_IMAGE } from './links.ts';

/**
 * An amount in the store's currency and the page's language, its saving's "Was" price struck
 * through; a stand-in until the store's settings say which currency.
 */
export function StoreMoney(props: Omit<MoneyProps, 'currency' | 'locale' | 'wasLabel' | 'loadingLabel'>) {
  const currency = useCurrency();
  const { t, i18n } = useTranslation('common');
  return (
    <Money
      {...props}
      currency={currency?.isoCode}
      locale={i18n.language}
      wasLabel={t('was')}
      loadingLabel={t('loading')}
    />
  );
}

/**
 * A picture from the services host the store was given (the one the client resolves against), the
 * storefront's placeholder where there is none.
 */
export function StoreImage(props: Omit<ImageProps, 'host' | 'fallback'>) {
  return <Image {...props} host={useRuntimeConfig().servicesHost} fallback={PLACEHOLDER_IMAGE} />;
}
