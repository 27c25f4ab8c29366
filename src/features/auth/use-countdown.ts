/**
 * Seconds left until a deadline, ticking once a second: the 60 s resend cooldown of docs/api.md §2.
 * Counting to a timestamp (not down from 60) keeps it right after a reload or a sleeping phone.
 */
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(initialDeadline: number | null) {
  const [deadline, setDeadline] = useState(initialDeadline ?? 0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline <= Date.now()) return;
    const timer = window.setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= deadline) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    const from = Date.now();
    setNow(from);
    setDeadline(from + seconds * 1000);
  }, []);

  return { secondsLeft: Math.max(0, Math.ceil((deadline - now) / 1000)), start };
}
