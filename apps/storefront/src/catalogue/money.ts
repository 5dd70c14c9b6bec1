import { useCurrency } from '@marketkit/hooks';
import { formatPrice } from '@marketkit/hooks/core';
import { useCallback } from 'react';
import { useI18n } from '../i18n/react.tsx';

/** Prices in the store's currency (spec §9: code and 2 decimals), in the page's language. */
export function useMoney() {
  const currency = useCurrency();
  const language = useI18n().language;
  return useCallback(
    (amount: number) => formatPrice(amount, currency.isoCode, language),
    [currency.isoCode, language],
  );
}
