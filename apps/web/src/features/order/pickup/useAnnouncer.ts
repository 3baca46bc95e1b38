import { useEffect, useRef, useState } from 'react';
import type { PickupBoard } from '@canteen/contract';
import { i18n } from '../../../shared/i18n';
import { getStore, setStore } from '../../../shared/storage/storage';
import { newlyReady, spelled } from './board';
import { speak, speechAvailable, unlockSpeech } from './speech';

const KEY = 'pickup-announce';

/**
 * 叫号: each number that newly moves to 请取餐 is spoken in Chinese while announcements are on
 * (remembered on this device). Browsers speak only after a gesture on the page: switched on by a
 * tap it speaks at once; remembered from before, it waits for the first tap (`waitingForTap`).
 */
export function useAnnouncer(board: PickupBoard | undefined) {
  const available = speechAvailable();
  const [enabled, setEnabled] = useState(() => getStore<boolean>(KEY) === true);
  const [unlocked, setUnlocked] = useState(false);
  const previous = useRef<PickupBoard | undefined>(undefined);

  useEffect(() => {
    if (!board) return;
    const called = newlyReady(previous.current, board);
    previous.current = board;
    if (!enabled || !available) return;
    // The diners' language, whatever the screen's is.
    const zh = i18n.getFixedT('zh-CN');
    for (const c of called) speak(zh('orderPickup.announce', { no: spelled(c.pickupNo) }));
  }, [board, enabled, available]);

  const waitingForTap = enabled && available && !unlocked;
  useEffect(() => {
    if (!waitingForTap) return undefined;
    const onTap = () => {
      unlockSpeech();
      setUnlocked(true);
    };
    window.addEventListener('pointerdown', onTap, { once: true });
    return () => window.removeEventListener('pointerdown', onTap);
  }, [waitingForTap]);

  /** From the toggle's click (a gesture). */
  const toggle = () => {
    const next = !enabled;
    setEnabled(next);
    setStore(KEY, next);
    if (next && unlockSpeech()) setUnlocked(true);
  };
  return { available, enabled, waitingForTap, toggle };
}
