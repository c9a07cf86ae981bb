import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS, secondsUntil } from './otp-timer';

/** Seconds left until `at` (epoch ms), re-read every 500 ms (docs/product/accounts.md#constants countdown tick) until it reaches 0. */
export function useCountdown(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (at === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= at) clearInterval(timer);
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? 0 : secondsUntil(at, now);
}
