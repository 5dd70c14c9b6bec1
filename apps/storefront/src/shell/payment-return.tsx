import { usePaymentReturnCheck } from '@marketkit/hooks';
import { toast } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';

/**
 * The payment return check on every route but the payment ones. Loaded only while a payment
 * flag is stored, so a shopper who is not paying never downloads it.
 */
export default function PaymentReturn({ pathname }: { pathname: string }) {
  const { i18n } = useTranslation();
  usePaymentReturnCheck({
    pathname,
    // Their texts load only when a payment outcome is to be shown.
    onPaid: () =>
      void i18n
        .loadNamespaces('cart')
        .then(() => toast.success(i18n.t('order placed success', { ns: 'cart' }))),
    onNotPaid: () =>
      void i18n
        .loadNamespaces('order')
        .then(() => toast.error(i18n.t('order payment fail', { ns: 'order' }), { id: 'failed_order' })),
  });
  return null;
}
