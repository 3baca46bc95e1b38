import { useEffect, useState } from 'react';

/** The wall clock in ms, read again every `everyMs` (the map's elapsed times need minutes, not seconds). */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
