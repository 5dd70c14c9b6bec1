import { secondsUntilResend } from '@marketkit/hooks/core';
import { useEffect, useState } from 'react';

/** Seconds left until `resendAfter` seconds have passed since `sentAt` (ticks every second, stops at 0). */
export function useCountdown(sentAt: number | null, resendAfter: number) {
  const [now, setNow] = useState(() => Date.now());
  const left = sentAt === null ? 0 : secondsUntilResend(sentAt, resendAfter, now);
  // Ticks every second while counting (an early tick or a clock step cannot stop it).
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  // A new code restarts the count at once.
  useEffect(() => {
    if (sentAt !== null) setNow(Date.now());
  }, [sentAt]);
  return left;
}
