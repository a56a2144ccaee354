// The height of the Messages tab's panes (issue 25, item 9): the screen's, not a fixed box. Beside the
// list (desktop), the panes run from where they start on the page to the bottom of the window, so the
// whole thread is in view without scrolling the page; stacked under the list (phone), the thread fills the
// window below the sticky navigation bar once it is scrolled to. Never shorter than MIN_PX, which holds a
// whole proposal card with the header and the message box.
import { useEffect, useState } from 'react';

const MIN_PX = 480;
/** The sticky navigation bar (4rem) and a margin of 1rem. */
const NAV_AND_MARGIN_PX = 80;
const BOTTOM_MARGIN_PX = 16;
const SIDE_BY_SIDE = '(min-width: 1024px)';

export function useThreadHeight(grid: HTMLElement | null): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    if (!grid) return;
    const measure = () => {
      const available = window.matchMedia(SIDE_BY_SIDE).matches
        ? window.innerHeight - (grid.getBoundingClientRect().top + window.scrollY) - BOTTOM_MARGIN_PX
        : window.innerHeight - NAV_AND_MARGIN_PX;
      setHeight(Math.max(MIN_PX, Math.floor(available)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [grid]);
  return height;
}
