// Counts a view of a listing's page (/spaces/{id}) when the page was shown: a 200, or a 304 (the browser
// showed its copy), unless the signed-in visitor is the listing's owner or an operator (own-views.ts).
// Nothing about the visitor is stored; the count is in memory until the next flush.
import type { NextFunction, Request, Response } from 'express';
import type { ListingViewCounter } from './listing-views';
import type { OwnViewCheck } from './own-views';

const SPACE_PAGE = /^\/spaces\/(\d{1,9})\/?$/;

export function countListingPageViews(counter: ListingViewCounter, isOwnView: OwnViewCheck) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!counter.enabled || req.method !== 'GET') return next();
    const match = SPACE_PAGE.exec(req.path);
    if (!match) return next();
    const id = Number(match[1]);
    res.once('finish', () => {
      if (res.statusCode !== 200 && res.statusCode !== 304) return;
      // The page's session middleware has set req.user by now (a visitor with a session cookie is never
      // answered before it). A failed lookup counts the view: a number slightly high beats one lost.
      if (!req.user) return counter.count(id, 'page');
      isOwnView(id, req.user).then(
        (own) => own || counter.count(id, 'page'),
        () => counter.count(id, 'page'),
      );
    });
    next();
  };
}
