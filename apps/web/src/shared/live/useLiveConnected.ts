import { useEffect, useEffectEvent } from 'react';
import type { LiveConnect } from './client';
import { liveClient } from './live';

/**
 * Calls `handler` after each CONNECTED of the app's live channel while the component is mounted
 * (and `enabled`), once the subscriptions have been made again: the moment to fetch what may
 * have been missed. `reconnect` is false on the first connection (of a sign-in or unlock) and
 * true when the channel comes back after it was lost. The handler may change between renders.
 *
 *   useLiveConnected(({ reconnect }) => reconnect && void reload());
 */
export function useLiveConnected(handler: (connect: LiveConnect) => void, enabled = true): void {
  const onConnect = useEffectEvent((connect: LiveConnect) => handler(connect));
  useEffect(() => {
    if (!enabled) return undefined;
    const off = liveClient().onConnect((connect) => onConnect(connect));
    return () => {
      off();
    };
  }, [enabled]);
}
