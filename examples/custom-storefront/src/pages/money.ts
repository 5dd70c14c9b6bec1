import { useCurrency } from '@marketkit/hooks';
import { formatPrice } from '@marketkit/hooks/core';

/** Formats amounts in the store's currency (the amount alone until the store's settings have answered). */
export function useMoney() {
  const currency = useCurrency();
  return (amount: number) => formatPrice(amount, currency?.isoCode ?? '');
}
