import { useSyncExternalStore } from 'react';
import { liveClient } from './live';

const subscribe = (onChange: () => void) => liveClient().onStatusChange(onChange);
const interrupted = () => liveClient().interrupted;

/**
 * Whether the app's live channel was connected and is now lost (the client is reconnecting or
 * waiting as the server asked): a screen that relies on live updates says so, and catches up
 * when the channel is back (useLiveConnected).
 */
export function useLiveInterrupted(): boolean {
  return useSyncExternalStore(subscribe, interrupted, () => false);
}
