// Where the toast goes (issue 43 item 11): the lowest place where it covers no control of the page. Used by
// ToastPlacement.astro on every page but those to read (BaseLayout's contentPage: they ship at most 5 KB of
// JavaScript).

// What a person presses or types in; a focusable scroll area (a thread's log, a map) is not one.
const CONTROLS = 'a[href], button, input, select, textarea, summary, [role="button"]';
const STEP_PX = 8;

/** The lowest place for the toast where it overlaps no visible control of the page; the bottom if none is free. */
function place(region: HTMLElement, live: HTMLElement) {
  region.style.top = '';
  region.style.bottom = '';
  const card = live.firstElementChild;
  if (!card) return;
  const box = card.getBoundingClientRect();
  const regionTop = region.getBoundingClientRect().top;
  const controls = [...document.querySelectorAll<HTMLElement>(CONTROLS)]
    .filter((el) => !region.contains(el))
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 1 && r.height > 1 && r.bottom > 0 && r.top < window.innerHeight && r.left < box.right && r.right > box.left);
  const free = (top: number) => !controls.some((r) => r.top < top + box.height && r.bottom > top);
  for (let top = box.top; top >= 0; top -= STEP_PX) {
    if (free(top)) {
      if (top !== box.top) {
        region.style.bottom = 'auto';
        region.style.top = `${regionTop + top - box.top}px`;
      }
      return;
    }
  }
}

let following = false;

/** Places the toast now, and again on every scroll and resize while one is shown. */
export function followToast(region: HTMLElement, live: HTMLElement): void {
  place(region, live);
  if (following) return;
  following = true;
  let frame = 0;
  const placeSoon = () => {
    if (!live.firstElementChild || frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      place(region, live);
    });
  };
  window.addEventListener('scroll', placeSoon, { passive: true, capture: true });
  window.addEventListener('resize', placeSoon);
}
