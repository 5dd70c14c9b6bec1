import { useCurrency } from '@marketkit/hooks';
import { formatPrice } from '@marketkit/hooks/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Prices in the store's currency (spec §9: code and 2 decimals), in the page's language. */
export function useMoney() {
  const currency = useCurrency();
  const { language } = useTranslation().i18n;
  return useCallback(
    (amount: number) => formatPrice(amount, currency.isoCode, language),
    [currency.isoCode, language],
  );
}
