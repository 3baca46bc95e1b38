import { useEffect, useEffectEvent } from 'react';
import { liveClient } from './live';

/**
 * Subscribes to a live-channel destination while the component is mounted (null: nothing).
 * The subscription survives reconnects (made again on each CONNECTED, with a fresh token);
 * the handler gets each MESSAGE body parsed from JSON and may change between renders freely.
 *
 *   useLiveSubscription(`/weixin/wx_msg${wxUserId}`, (message) => append(message as WxMsg));
 */
export function useLiveSubscription<T = unknown>(destination: string | null, handler: (body: T) => void): void {
  const onMessage = useEffectEvent((body: unknown) => handler(body as T));
  useEffect(() => {
    if (!destination) return undefined;
    return liveClient().subscribe(destination, (body) => onMessage(body));
  }, [destination]);
}
