// What every feature module receives: the injected outside world plus the auth instance.
import type { Database, DatabaseHandle } from '#db/client';
import type { Config } from './config';
import type { Auth } from './lib/auth';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import type { Mailer } from './lib/mailer';
import type { Metrics } from './lib/metrics';
import type { PublicCache } from './lib/public-cache';
import type { PublicFastPath } from './lib/public-fast-path';
import type { PaymentProvider } from './lib/payments';
import type { JobsView, ListingPhotos, ListingViewCounter, OwnerRatings, PhotoProcessor, PhotoStorage } from './lib/ports';
import type { SessionCache } from './lib/session-cache';
import type { SessionUser } from './lib/session';

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  mailer: Mailer;
  /** null when no provider is configured: checkout then says the payment system is unavailable. */
  payments: PaymentProvider | null;
  logger: Logger;
  /** Where photo files live; by default what the configuration names (a PhotoStorage, lib/ports.ts; by default modules/photos/photo-storage.ts). */
  photoStorage?: PhotoStorage;
  /** Where uploads are streamed before processing; by default `farmspace-uploads` in the system's temporary folder. */
  photoUploadFolder?: string;
};

export type AppContext = AppDeps & {
  db: Database;
  auth: Auth;
  publicCache: PublicCache;
  listingViews: ListingViewCounter;
  sessionCache: SessionCache<SessionUser>;
  /** Set once the app is built: cache hits answered before Express (docs/decisions/0705). */
  fastPath?: PublicFastPath;
  photoStorage: PhotoStorage;
  /** Resizes photos in low-priority child processes, a bounded number at once (docs/decisions/0800). */
  photoProcessor: PhotoProcessor;
  photoUploadFolder: string;
  /** Set once the background jobs start (server.ts): the operators' jobs view reads them. */
  jobs?: JobsView;
  /** The site build's client folder this instance serves, when it serves one (readiness checks it is there). */
  siteClientDir?: string;
  /** The owners' review ratings that listing answers carry (the reviews module's, issue 28). */
  ownerRatings: OwnerRatings;
  /** The listing's copy of its photos, written by the spaces module for photos (decision 1313). */
  listingPhotos: ListingPhotos;
  /** This instance's Prometheus metrics (docs/decisions/1400); measures nothing without METRICS_TOKEN. */
  metrics: Metrics;
};
