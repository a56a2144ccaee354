// The browse answer (GET /api/spaces): one page of public listings rendered as the API sends it, body and
// count/cursor headers. The one renderer of it: the route (through the public-read cache), the site's
// on-demand pages (the home page's featured list, /spaces' first page) and bench:spaces' bare node:http
// handler and physical limit all call this, with the app's own context, so a field added to a listing (or a
// port the page reads, such as the owners' ratings) reaches every one of them at once.
import { SPACES_HEADERS, type SpaceQuery } from '#contracts/spaces.schemas';
import type { AppContext } from '../../app-context';
import { jsonAnswer, type PublicAnswer } from '../../lib/public-cache';
import { listSpaces } from './spaces.service';

/** What the browse answer reads of the app's context. */
export type BrowseContext = Pick<AppContext, 'db' | 'clock' | 'ownerRatings'>;

/** One page of browse as the API answers it: what the micro-cache keeps under normalizedKey('spaces', query). */
export async function loadSpacesAnswer(ctx: BrowseContext, query: SpaceQuery): Promise<PublicAnswer> {
  const page = await listSpaces(ctx.db, query, ctx.clock.now(), ctx.ownerRatings);
  const headers: Record<string, string> = {};
  if (page.total) {
    headers[SPACES_HEADERS.total] = String(page.total.count);
    headers[SPACES_HEADERS.capped] = String(page.total.capped);
  }
  if (page.nextCursor) headers[SPACES_HEADERS.nextCursor] = page.nextCursor;
  return jsonAnswer(page.spaces, headers);
}
