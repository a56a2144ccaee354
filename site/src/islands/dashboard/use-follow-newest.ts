// Keeps a scrolling thread on its newest item (issue 25, item 9) the way chat apps do: while the reader is
// at the bottom, anything that makes the thread taller — a new message, a proposal card whose terms load a
// moment after its message, a photo — keeps the bottom in view; once they scroll up to read, it stays put
// until they come back down or send something themselves.
import { useEffect, useRef, type RefObject } from 'react';

/** How close to the bottom (px) still counts as "at the bottom": a line of slack for rounding and padding. */
const AT_BOTTOM_SLACK = 48;

export function useFollowNewest(scroller: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>, newestId: number | undefined, newestIsMine: boolean): void {
  const following = useRef(true);
  const lastTop = useRef(0);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    // Only the reader scrolling up stops the following: a scroll event arrives a frame late, when the
    // content may have grown again, so "not at the bottom" alone would also stop it after our own scroll.
    const onScroll = () => {
      if (el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_SLACK) following.current = true;
      else if (el.scrollTop < lastTop.current - 1) following.current = false;
      lastTop.current = el.scrollTop;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scroller]);

  // The content's height changes after render (cards fill in when their proposals arrive): follow it.
  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(inner);
    observer.observe(el);
    return () => observer.disconnect();
  }, [scroller, content, newestId === undefined]);

  // A new newest item: follow it when the reader is at the bottom, and always when they sent it.
  useEffect(() => {
    const el = scroller.current;
    if (!el || newestId === undefined) return;
    if (newestIsMine) following.current = true;
    if (following.current) el.scrollTop = el.scrollHeight;
  }, [scroller, newestId, newestIsMine]);
}
