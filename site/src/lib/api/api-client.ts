// The site's one way to call the API: same origin, credentials included, JSON in and out. A non-OK
// answer raises ApiRequestError whose message is "{status}: {body text or status text}" (spec section 8);
// `serverMessage` is the JSON body's `message`, for toasts.
export class ApiRequestError extends Error {
  readonly status: number;
  readonly serverMessage?: string;
  readonly fieldErrors?: Record<string, string>;
  /** The API's error code (contracts/api-error.ts), for answers an island handles on its own. */
  readonly code?: string;

  constructor(status: number, bodyText: string, statusText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiRequestError';
    this.status = status;
    try {
      const body = JSON.parse(bodyText) as { message?: unknown; code?: unknown; fieldErrors?: Record<string, string> };
      if (typeof body.message === 'string') this.serverMessage = body.message;
      if (typeof body.code === 'string') this.code = body.code;
      if (body.fieldErrors) this.fieldErrors = body.fieldErrors;
    } catch {
      // not JSON: the message above already carries the text
    }
  }
}

/** The answer's JSON body (undefined when empty), or the ApiRequestError of spec 8 for a failed status. */
async function bodyOf<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new ApiRequestError(response.status, text, response.statusText);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function apiFetch<T = unknown>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    credentials: 'include',
    headers: init.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: init.signal,
  });
  return bodyOf<T>(response);
}

/** A GET of one page of a list: the answer, the cursor of the next page (X-Next-Cursor) if any, and the other headers (counts). */
export async function apiFetchPage<T>(path: string): Promise<{ data: T; nextCursor: string | null; headers: Headers }> {
  const response = await fetch(path, { credentials: 'include', headers: { accept: 'application/json' } });
  return { data: await bodyOf<T>(response), nextCursor: response.headers.get('x-next-cursor'), headers: response.headers };
}

/** The text a toast shows for a failed call: the server's message, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * A conditional GET for polling: sends the ETag of what the caller already holds; a 304 answers
 * `{ unchanged: true }` without a body, anything else is parsed as apiFetch does.
 */
export async function apiFetchIfChanged<T>(path: string, etag: string | undefined): Promise<{ unchanged: true } | { unchanged: false; data: T; etag?: string }> {
  const response = await fetch(path, {
    credentials: 'include',
    cache: 'no-store',
    headers: etag ? { accept: 'application/json', 'if-none-match': etag } : { accept: 'application/json' },
  });
  if (response.status === 304) return { unchanged: true };
  return { unchanged: false, data: await bodyOf<T>(response), etag: response.headers.get('etag') ?? undefined };
}
