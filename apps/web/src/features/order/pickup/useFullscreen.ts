import { useEffect, useState, type RefObject } from 'react';

/**
 * The Fullscreen API for one element, where the browser allows it (`supported` false: an iframe
 * without permission, an old kiosk browser): whether it is full screen now, and a toggle.
 */
export function useFullscreen(ref: RefObject<HTMLElement | null>) {
  const supported = typeof document !== 'undefined' && document.fullscreenEnabled === true && typeof HTMLElement.prototype.requestFullscreen === 'function';
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onChange = () => setActive(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [ref]);
  const toggle = () => {
    // A refusal (no user gesture, a policy) leaves the page as it was: nothing to report.
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void ref.current?.requestFullscreen().catch(() => undefined);
  };
  return { supported, active, toggle };
}
