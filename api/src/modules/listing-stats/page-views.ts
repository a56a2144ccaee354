// Counts a view of a listing's page (/spaces/{id}) when the page was shown: a 200, or a 304 (the browser
// showed its copy). Nothing about the visitor is read; the count is in memory until the next flush.
import type { NextFunction, Request, Response } from 'express';
import type { ListingViewCounter } from './listing-views';

const SPACE_PAGE = /^\/spaces\/(\d{1,9})\/?$/;

export function countListingPageViews(counter: ListingViewCounter) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!counter.enabled || req.method !== 'GET') return next();
    const match = SPACE_PAGE.exec(req.path);
    if (!match) return next();
    const id = Number(match[1]);
    res.once('finish', () => {
      if (res.statusCode === 200 || res.statusCode === 304) counter.count(id, 'page');
    });
    next();
  };
}
