// Removes every HTML tag from user-written text (spec 5: markup stripped), keeping the text itself.
// sanitize-html escapes what it keeps, so the few entities it writes are turned back into characters:
// the API stores plain text and every renderer escapes it on output.
import sanitizeHtml from 'sanitize-html';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&nbsp;': ' ' };

function stripOnce(value: string): string {
  const stripped = sanitizeHtml(value, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard', nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript'] });
  return stripped.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (m) => ENTITIES[m] ?? m);
}

export function stripMarkup(value: string): string {
  // Decoding can reveal markup that was written as entities ("&lt;b&gt;"): strip until nothing changes.
  let current = value;
  for (let i = 0; i < 4; i++) {
    const next = stripOnce(current);
    if (next === current) return next;
    current = next;
  }
  return current;
}

/** Strips markup from the named string fields of a request body, leaving everything else to validation. */
export function stripMarkupFields<T>(body: T, fields: readonly string[]): T {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of fields) {
    if (typeof copy[field] === 'string') copy[field] = stripMarkup(copy[field]);
  }
  return copy as T;
}
