import { STORAGE_KEYS, useMarket } from '@marketkit/hooks';
import { returnedOrderId, secondProviderPlan } from '@marketkit/hooks/core';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { orderStatusPath } from '../checkout/hand-over.ts';
import { HandOverPage, navigationState } from '../checkout/hand-over-page.tsx';
import type { RouteHandle } from '../i18n/namespaces.ts';

export const handle: RouteHandle = { i18n: ['cart', 'order'] };

/**
 * The second payment provider (`/payment`, `/cashfree`). With a hand-over in navigation state it sends
 * the shopper to the provider's hosted page (https, or the sandbox on loopback). Coming back, it goes
 * to the order's status, where the services host — not the return query — says whether it is paid.
 */
export default function Payment() {
  const search = useLocation().search;
  const market = useMarket();
  const navigate = useNavigate();
  const handingOver = Boolean(navigationState());
  useEffect(() => {
    if (handingOver) return;
    const orderId = returnedOrderId(search, market.state.storage.get(STORAGE_KEYS.orderId));
    navigate(orderId ? orderStatusPath(orderId) : '/', { replace: true });
  }, [handingOver, search, market, navigate]);
  if (!handingOver) return null;
  return (
    <HandOverPage
      plan={secondProviderPlan}
      idOf={(handOver) =>
        `${handOver.orderId}:${'session_id' in handOver.config ? handOver.config.session_id : ''}`
      }
      leave={(plan) => location.assign(plan.url)}
    />
  );
}
