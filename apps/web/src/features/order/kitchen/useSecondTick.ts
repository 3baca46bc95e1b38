import { useEffect, useState } from 'react';

/** This device's clock (epoch ms), read again each second while mounted: the tickets' ages tick. */
export function useSecondTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
