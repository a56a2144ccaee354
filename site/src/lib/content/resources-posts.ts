// Resources (/blog): merges the published database posts of GET /api/blog into the pre-rendered list
// of built-in articles, newest first. Without posts (or without the API) the built-in list is what
// readers see: it is already in the HTML. Everything from the API is inserted as text, never as markup.
import type { BlogPostSummary } from '#contracts/blog.schemas';
import { formatArticleDate, formatReadTime, isoDate } from './article-format';

function isPost(value: unknown): value is BlogPostSummary {
  const p = value as Partial<BlogPostSummary> | null;
  return (
    !!p &&
    typeof p.id === 'number' &&
    typeof p.title === 'string' &&
    typeof p.slug === 'string' &&
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(p.slug) &&
    typeof p.readTime === 'number' &&
    typeof p.createdAt === 'string' &&
    !Number.isNaN(Date.parse(p.createdAt))
  );
}

/** Only http(s) and same-origin images; anything else (javascript:, data:) is dropped. */
function safeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The same card as components/content/ArticleCard.astro, built from a database post. */
export function buildPostCard(post: BlogPostSummary): HTMLLIElement {
  const date = new Date(post.createdAt);
  const li = el('li', 'post-card card group relative flex flex-col overflow-hidden');
  li.dataset.date = date.toISOString();
  li.dataset.source = 'api';
  const image = safeImageUrl(post.imageUrl);
  if (image) {
    const img = el('img', 'aspect-video w-full object-cover');
    img.src = image;
    img.alt = '';
    img.loading = 'lazy';
    img.width = 640;
    img.height = 360;
    img.referrerPolicy = 'no-referrer';
    li.append(img);
  } else {
    li.append(el('div', 'aspect-video w-full bg-gradient-to-br from-brand-100 to-brand-200'));
  }
  const body = el('div', 'flex flex-1 flex-col p-5');
  const heading = el('h3', 'text-lg leading-snug font-bold text-ink');
  const link = el('a', 'after:absolute after:inset-0 group-hover:text-brand-800 group-hover:underline', post.title);
  link.href = `/articles/${post.slug}`;
  heading.append(link);
  body.append(heading);
  if (post.excerpt) body.append(el('p', 'mt-2 line-clamp-3 text-sm leading-6 text-muted', post.excerpt));
  const meta = el('p', 'mt-auto flex flex-wrap gap-x-2 pt-4 text-xs text-muted');
  const time = el('time', '', formatArticleDate(date));
  time.dateTime = isoDate(date);
  const dot = el('span', '', '·');
  dot.setAttribute('aria-hidden', 'true');
  meta.append(time, dot, el('span', '', formatReadTime(post.readTime)));
  body.append(meta);
  li.append(body);
  return li;
}

/** Inserts the posts into the list by date (newest first), skipping slugs the list already links to. */
export function mergePosts(list: HTMLElement, posts: BlogPostSummary[]): number {
  const present = new Set([...list.querySelectorAll<HTMLAnchorElement>('a[href^="/articles/"]')].map((a) => a.getAttribute('href')));
  let added = 0;
  for (const post of posts) {
    if (present.has(`/articles/${post.slug}`)) continue;
    const card = buildPostCard(post);
    const time = Date.parse(post.createdAt);
    const before = [...list.children].find((child) => Date.parse((child as HTMLElement).dataset.date ?? '') < time);
    list.insertBefore(card, before ?? null);
    present.add(`/articles/${post.slug}`);
    added++;
  }
  return added;
}

export async function loadApiPosts(list: HTMLElement): Promise<void> {
  try {
    const response = await fetch('/api/blog', { credentials: 'include', headers: { Accept: 'application/json' } });
    if (!response.ok) return;
    const body: unknown = await response.json();
    const posts = Array.isArray(body) ? body.filter(isPost) : [];
    const added = mergePosts(list, posts);
    list.dataset.apiPosts = String(added);
  } catch {
    // The built-in articles already on the page are the fallback.
  } finally {
    list.dataset.loaded = 'true';
  }
}
