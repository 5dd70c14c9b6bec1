import { useCurrency } from '@marketkit/hooks';
import { formatPrice } from '@marketkit/hooks/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Prices in the store's currency (its code and 2 decimals), in the page's language; the amount alone
 * until the store's settings say which currency (never another currency first).
 */
export function useMoney() {
  const currency = useCurrency();
  const { language } = useTranslation().i18n;
  return useCallback(
    (amount: number) => formatPrice(amount, currency?.isoCode ?? '', language),
    [currency?.isoCode, language],
  );
}
