// The home page's location box (issue 25): the same place suggestions as the box on /spaces (GET /api/places,
// most populous first), framework-free so the landing page ships no React. An ARIA 1.2 combobox: arrows move
// through the suggestions, Enter or a click picks one and searches there; Enter on text alone sends the text
// (`place=`), which /spaces looks up (the most populous match, or "No place called …").
import { DEFAULT_RADIUS_KM, placeLabel, type Place } from '#contracts/places';
import { searchPlaces } from '../api/places-client';

const SUGGESTIONS = 6;
const SUGGEST_DEBOUNCE_MS = 150;

export function attachPlaceSearch(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[role="combobox"]')!;
  const list = document.getElementById(input.getAttribute('aria-controls')!)!;
  const near = form.elements.namedItem('near') as HTMLInputElement;
  const radius = form.elements.namedItem('radiusKm') as HTMLInputElement;
  let options: Place[] = [];
  let optionsFor = '';
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;

  const expanded = () => input.getAttribute('aria-expanded') === 'true';
  function show(open: boolean) {
    const on = open && options.length > 0;
    input.setAttribute('aria-expanded', String(on));
    list.hidden = !on;
    if (on && active >= 0) input.setAttribute('aria-activedescendant', `${list.id}-${active}`);
    else input.removeAttribute('aria-activedescendant');
  }
  function render() {
    list.replaceChildren(
      ...options.map((p, i) => {
        const li = document.createElement('li');
        li.id = `${list.id}-${i}`;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', String(i === active));
        li.className = `cursor-pointer px-3 py-2 text-left text-sm ${i === active ? 'bg-brand-700 text-white' : 'text-ink hover:bg-brand-50'}`;
        li.textContent = placeLabel(p);
        li.addEventListener('mousedown', (e) => e.preventDefault());
        li.addEventListener('click', () => pick(p));
        return li;
      }),
    );
    show(true);
  }
  function pick(p: Place) {
    input.value = placeLabel(p);
    near.value = String(p.id);
    radius.value = String(DEFAULT_RADIUS_KM);
    near.disabled = radius.disabled = false;
    options = [];
    show(false);
    form.requestSubmit();
  }

  input.addEventListener('input', () => {
    near.disabled = radius.disabled = true;
    clearTimeout(timer);
    controller?.abort();
    const q = input.value.trim();
    if (!q) {
      options = [];
      show(false);
      return;
    }
    controller = new AbortController();
    const signal = controller.signal;
    timer = setTimeout(() => {
      void searchPlaces(q, SUGGESTIONS, signal).then((found) => {
        if (signal.aborted) return;
        options = found;
        optionsFor = q;
        active = found.length ? 0 : -1;
        render();
      });
    }, SUGGEST_DEBOUNCE_MS);
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!options.length) return;
      e.preventDefault();
      active = e.key === 'ArrowDown' ? (active + 1) % options.length : active <= 0 ? options.length - 1 : active - 1;
      render();
    } else if (e.key === 'Enter') {
      const chosen = expanded() && optionsFor === input.value.trim() ? options[active] : undefined;
      if (chosen) {
        e.preventDefault();
        pick(chosen);
      }
    } else if (e.key === 'Escape' && expanded()) {
      e.preventDefault();
      show(false);
    }
  });
  input.addEventListener('blur', () => setTimeout(() => show(false), 150));
  // A blank search is ignored (spec 2.4): the form only navigates with a non-blank place.
  form.addEventListener('submit', (e) => {
    input.value = input.value.trim();
    if (!input.value) e.preventDefault();
  });
}
