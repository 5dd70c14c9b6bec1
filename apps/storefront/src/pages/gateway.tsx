import { gatewayFormPlan } from '@marketkit/hooks/core';
import { HandOverPage } from '../checkout/hand-over-page.tsx';
import type { RouteHandle } from '../i18n/namespaces.ts';

export const handle: RouteHandle = { i18n: ['cart'], bare: true };

/**
 * The card gateway (`/amazonPayment`): posts the gateway form from navigation state to
 * `payment_gateway_url`, built with DOM APIs, once, and only to an origin the payment configuration
 * allows. Without payment data it goes to `/`.
 */
export default function Gateway() {
  return (
    <HandOverPage
      plan={gatewayFormPlan}
      idOf={(handOver) =>
        `${handOver.orderId}:${'gateway_form' in handOver.config ? handOver.config.gateway_form.merchant_reference : ''}`
      }
      leave={(plan) => {
        const form = document.createElement('form');
        form.method = 'POST';
        form.action = plan.action;
        form.target = '_self';
        form.hidden = true;
        form.dataset.paymentHandOver = '';
        for (const [name, value] of plan.fields) {
          const input = document.createElement('input');
          input.type = 'hidden';
          input.name = name;
          input.value = value;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      }}
    />
  );
}
