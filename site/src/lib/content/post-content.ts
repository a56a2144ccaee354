// Turns a database post's stored content into safe HTML for its on-demand page. Posts are data, not
// code: plain text becomes escaped paragraphs; HTML is reduced to a small allowlist of text markup, so
// scripts, event handlers, styles, iframes and javascript: links never reach the page.
import sanitizeHtml from 'sanitize-html';

/** Content written as HTML uses at least one common text tag; anything else is treated as plain text. */
const LOOKS_LIKE_HTML = /<(p|h[1-6]|ul|ol|li|br|hr|strong|em|b|i|a|blockquote|pre|code|table|img|figure|div|span)\b[^>]*>/i;

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'blockquote', 'code', 'pre', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'figure', 'figcaption'],
  allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'width', 'height', 'loading', 'referrerpolicy'], th: ['scope'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    // The page's title is its only h1.
    h1: 'h2',
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener' }),
    img: sanitizeHtml.simpleTransform('img', { loading: 'lazy', referrerpolicy: 'no-referrer' }),
  },
  // Images only from https URLs (no relative paths into our own origin, no tracking over http).
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^https:\/\//i.test(frame.attribs.src ?? ''),
};

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export function renderPostContent(content: string): string {
  if (LOOKS_LIKE_HTML.test(content)) return sanitizeHtml(content, SANITIZE_OPTIONS);
  return content
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');
}
