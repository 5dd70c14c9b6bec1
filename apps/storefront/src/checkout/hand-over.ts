import { useStartPayment } from '@marketkit/hooks';
import { handOverRoute } from '@marketkit/hooks/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** Where an order is shown after it is placed or paid. */
export const orderStatusPath = (orderId: number) => `/order-status?orderId=${orderId}`;

/**
 * Hands an order to its payment provider: asks the services host for the provider's configuration
 * (remembering the order in `payDone`/`orderID`), then opens the provider's route with it in navigation
 * state. The provider comes back to the order status page (card) or `/cashfree` (second provider).
 */
export function usePayOrder() {
  const startPayment = useStartPayment();
  const navigate = useNavigate();
  return useCallback(
    async (orderId: number, paymentMethodId: number, provider: 'card_gateway' | 'second_provider') => {
      const back = provider === 'card_gateway' ? orderStatusPath(orderId) : `/cashfree?orderId=${orderId}`;
      const handOver = await startPayment(orderId, paymentMethodId, `${location.origin}${back}`);
      navigate(handOverRoute(handOver.config.provider), { state: handOver });
    },
    [startPayment, navigate],
  );
}
