/**
 * The current time, refreshed every `everyMs`, so a Join button appears ten minutes before the
 * start and Release once the meeting ends without the person reloading the page.
 */
import { useEffect, useState } from 'react';

export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
