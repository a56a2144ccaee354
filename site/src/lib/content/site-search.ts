// Site search on Resources, over the Pagefind index built after `astro build`. Nothing is downloaded
// until the search box gets focus; then Pagefind's script and index load from /pagefind/.

type PagefindResultData = {
  url: string;
  excerpt: string;
  meta: { title?: string };
};
type Pagefind = {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  debouncedSearch(query: string, options?: object, timeoutMs?: number): Promise<{ results: { data(): Promise<PagefindResultData> }[] } | null>;
};

const MAX_RESULTS = 8;

/** Pagefind marks matches with <mark>; keep those and only text, whatever else the excerpt holds. */
function renderExcerpt(target: HTMLElement, excerpt: string): void {
  const parsed = new DOMParser().parseFromString(`<body>${excerpt}</body>`, 'text/html');
  for (const node of parsed.body.childNodes) {
    if (node.nodeName === 'MARK') {
      const mark = document.createElement('mark');
      mark.className = 'rounded bg-brand-100 px-0.5 text-ink';
      mark.textContent = node.textContent;
      target.append(mark);
    } else {
      target.append(document.createTextNode(node.textContent ?? ''));
    }
  }
}

function sameSitePath(url: string): string {
  const parsed = new URL(url, location.origin);
  return parsed.origin === location.origin ? parsed.pathname.replace(/\.html$/, '').replace(/\/index$/, '/') + parsed.hash : '/';
}

export function setupSiteSearch(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[type="search"]')!;
  const status = form.querySelector<HTMLElement>('[data-search-status]')!;
  const list = form.querySelector<HTMLOListElement>('[data-search-results]')!;
  let pagefind: Promise<Pagefind> | undefined;

  const load = () =>
    (pagefind ??= (async () => {
      const url = '/pagefind/pagefind.js';
      const module = (await import(/* @vite-ignore */ url)) as Pagefind;
      await module.options({ excerptLength: 24 });
      await module.init();
      form.dataset.searchReady = 'true';
      return module;
    })());

  input.addEventListener('focus', () => {
    load().catch(() => {
      status.textContent = 'Search is not available right now.';
    });
  });
  form.addEventListener('submit', (event) => event.preventDefault());

  input.addEventListener('input', async () => {
    const query = input.value.trim();
    if (!query) {
      list.replaceChildren();
      status.textContent = '';
      return;
    }
    let search;
    try {
      search = await (await load()).debouncedSearch(query, {}, 200);
    } catch {
      status.textContent = 'Search is not available right now.';
      return;
    }
    if (search === null || input.value.trim() !== query) return; // a newer query superseded this one
    const results = await Promise.all(search.results.slice(0, MAX_RESULTS).map((r) => r.data()));
    list.replaceChildren(
      ...results.map((result) => {
        const li = document.createElement('li');
        li.className = 'rounded-lg border border-line bg-white p-4';
        const link = document.createElement('a');
        link.href = sameSitePath(result.url);
        link.className = 'font-semibold text-brand-800 hover:underline';
        link.textContent = result.meta.title ?? link.href;
        const excerpt = document.createElement('p');
        excerpt.className = 'mt-1 text-sm text-muted';
        renderExcerpt(excerpt, result.excerpt);
        li.append(link, excerpt);
        return li;
      }),
    );
    status.textContent = results.length === 0 ? `No results for “${query}”.` : `${search.results.length} result${search.results.length === 1 ? '' : 's'} for “${query}”.`;
  });
}
