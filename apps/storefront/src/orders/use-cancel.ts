import { useCancelOrder } from '@marketkit/hooks';
import { toast } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../catalogue/money.ts';
import { failureMessage } from '../common/failure.ts';

/**
 * The confirm of a cancel dialog: cancels the whole order, or only `orderItemIds`. Success toasts the
 * refund (if any) and calls `onChanged`; a refusal toasts the server's message and rejects, so the
 * dialog stays open and nothing changes.
 */
export function useCancel(
  orderId: number,
  onChanged?: (() => void) | undefined,
  orderItemIds?: readonly number[],
) {
  const { t } = useTranslation('order');
  const money = useMoney();
  const cancel = useCancelOrder();
  return async ({ reason }: { reason: string }) => {
    try {
      const result = await cancel(orderId, orderItemIds ? { reason, orderItemIds } : { reason });
      toast.success(
        result.refund_amount > 0
          ? t('cancelled_refund', { refund: money(result.refund_amount) })
          : t(orderItemIds ? 'cancelled' : 'order_cancelled'),
      );
      onChanged?.();
    } catch (error) {
      toast.error(failureMessage(error, t('cancel_failed'), t));
      throw error;
    }
  };
}
