import { FIRST_SCREEN_GIVE_UP_MS, FIRST_SCREEN_SLOW_MS, firstScreenWait } from '@marketkit/hooks/core';
import { useEffect, useState } from 'react';

/**
 * How long a first screen has waited for its data, as `firstScreenWait` names it: a shopper is told
 * early that it is slow (`slow`), and after the bound (`overdue`) that it failed, with a retry, while
 * the call and its retries for a blip go on (data that arrives late still shows).
 */
export function useFirstScreenWait(waiting: boolean) {
  const [wait, setWait] = useState<ReturnType<typeof firstScreenWait>>('waiting');
  useEffect(() => {
    setWait('waiting');
    if (!waiting) return;
    const started = Date.now();
    const update = () => setWait(firstScreenWait(Date.now() - started));
    const timers = [FIRST_SCREEN_SLOW_MS, FIRST_SCREEN_GIVE_UP_MS].map((ms) => setTimeout(update, ms));
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [waiting]);
  return waiting ? wait : 'waiting';
}
