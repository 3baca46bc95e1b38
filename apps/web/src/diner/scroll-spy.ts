import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/** Where the menu's sections are, in the page's scroll: each section's top is the scroll at which it reaches the top of the screen. */
export interface SpyLayout {
  /** Each section's top, in order. */
  tops: readonly number[];
  /** How far the page is scrolled. */
  scroll: number;
  /** How far it can scroll. */
  maxScroll: number;
}

/** scrollIntoView and the browser's rounding land a section a fraction of a pixel off the line. */
const SLACK = 1;

/**
 * The index of the section at the top of the visible list: the last one whose top has reached the
 * top of the screen (the first before any has).
 *
 * The last sections may be too short ever to reach the top: the page ends first. The scroll left
 * after the last section that does reach it is shared among them, in order (the line they are read
 * at moves from the top of the screen down to the last one's top): scrolling to the end lights
 * each of them in turn, the last one at the very end.
 */
export function sectionAt({ tops, scroll, maxScroll }: SpyLayout): number {
  if (tops.length === 0) return -1;
  const end = Math.max(maxScroll, 0);
  const last = tops[tops.length - 1]!;
  let line = scroll;
  if (last > end + SLACK && end > 0) {
    // Where the last section that reaches the top does (the start of the page when none does).
    const from = Math.max(0, ...tops.filter((top) => top <= end + SLACK));
    if (scroll > from) line = end > from ? from + ((Math.min(scroll, end) - from) / (end - from)) * (last - from) : last;
  }
  let at = 0;
  tops.forEach((top, index) => {
    if (top <= line + SLACK) at = index;
  });
  return at;
}

/** What the diner does to scroll the page himself (a touch, the wheel, the keys, the scroll bar). */
const OWN_SCROLL = ['touchstart', 'wheel', 'keydown', 'mousedown'] as const;

/** The page's sections as they are now on screen (the window scrolls the menu). */
function measure(sections: readonly HTMLElement[]): SpyLayout {
  const scroll = window.scrollY;
  const root = document.scrollingElement ?? document.documentElement;
  return {
    tops: sections.map((section) => section.getBoundingClientRect().top + scroll),
    scroll,
    maxScroll: root.scrollHeight - (root.clientHeight || window.innerHeight),
  };
}

/** Told when the page scrolls or the screen changes size. */
function subscribe(changed: () => void) {
  window.addEventListener('scroll', changed, { passive: true });
  window.addEventListener('resize', changed);
  return () => {
    window.removeEventListener('scroll', changed);
    window.removeEventListener('resize', changed);
  };
}

/**
 * The category list's scroll spy: the category of the section at the top of the visible list, as
 * the page scrolls. A tap on a category (`goTo`) scrolls its section to the top and lights it at
 * once; it stays lit while that scroll runs and where it ends (a short last section cannot reach
 * the top, and the sections it scrolls past are not the diner's), until the diner scrolls himself.
 */
export function useScrollSpy(ids: readonly string[], sectionOf: (id: string) => HTMLElement | undefined) {
  // The category tapped, lit until the diner scrolls the page himself.
  const [tapped, setTapped] = useState<string>();
  const key = ids.join(',');
  // Read again at each scroll (and after each render: sections drawn since are counted).
  const atTop = useCallback(() => {
    const shown = key ? key.split(',').flatMap((id) => {
      const section = sectionOf(id);
      return section ? [{ id, section }] : [];
    }) : [];
    return shown[sectionAt(measure(shown.map((s) => s.section)))]?.id;
  }, [key, sectionOf]);
  const followed = useSyncExternalStore(subscribe, atTop, () => undefined);

  useEffect(() => {
    const own = () => setTapped(undefined);
    for (const type of OWN_SCROLL) window.addEventListener(type, own, { passive: true, capture: true });
    return () => {
      for (const type of OWN_SCROLL) window.removeEventListener(type, own, { capture: true });
    };
  }, []);

  const goTo = useCallback(
    (id: string) => {
      setTapped(id);
      sectionOf(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    },
    [sectionOf],
  );
  return { active: tapped ?? followed, goTo };
}
