// Saved searches as the API answers them (GET/POST/PATCH /api/saved-searches). Plain types and texts
// only: the dashboard panel and the "Alert me" button import this without zod.
export type SavedSearch = {
  id: number;
  name: string;
  /** The /spaces query string (filters and system): /spaces?{query} shows the search. */
  query: string;
  /** false once the owner unsubscribed from its e-mails. */
  alertsOn: boolean;
  createdAt: string;
};

export const SAVED_SEARCH_TEXTS = {
  saved: { title: 'Search saved', description: 'We will e-mail you when a new space matches.' },
  renamed: { title: 'Search renamed' },
  deleted: { title: 'Search deleted' },
  signInFirst: 'Sign in to get e-mail alerts for this search.',
  empty: 'No saved searches yet. Use “Alert me” on Browse Spaces to save one.',
} as const;
