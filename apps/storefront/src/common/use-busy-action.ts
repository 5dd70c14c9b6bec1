import { toast } from '@marketkit/ui';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from './failure.ts';

/**
 * Runs one shopper action at a time: `busy` while it runs (to disable its buttons), a success toast
 * when it is done, and the server's own words (or `failed`) in an error toast when it is refused.
 * Resolves to whether it worked.
 */
export function useBusyAction() {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (work: () => Promise<unknown>, messages: { done?: string; failed: string }) => {
      setBusy(true);
      try {
        await work();
        if (messages.done) toast.success(messages.done);
        return true;
      } catch (error) {
        toast.error(failureMessage(error, messages.failed, t));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [t],
  );
  return { busy, run };
}
