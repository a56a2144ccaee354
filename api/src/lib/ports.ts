// The ports of the outside world that the app context carries (docs/decisions/1310): declared here so that
// app-context.ts imports no feature module. The features implement them (photos: photo-storage.ts and
// photo-processor.ts; listing-stats: listing-views.ts), and tests may pass their own.
import type { Readable } from 'node:stream';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { AdminJobsResponse } from '#contracts/moderation';
import type { OwnerRating } from '#contracts/owner-rating';
import type { PhotoKind, SpacePhoto } from '#contracts/photos';
import type { Executor } from '#db/client';

/** A stored photo file, streamed. */
export type StoredFile = { body: Readable; size: number };

/** Where photo files live (docs/decisions/0803). Names are content-addressed: a write never changes a file. */
export interface PhotoStorage {
  /** Human-readable, for logs and the health of the deployment (never carries keys). */
  readonly description: string;
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** undefined when there is no such file. */
  get(name: string): Promise<StoredFile | undefined>;
  exists(name: string): Promise<boolean>;
  /** Missing files are not an error. */
  deleteMany(names: string[]): Promise<void>;
  /** Every stored file's name, never a half-written one: what a backup copies (docs/decisions/1403). */
  list(): AsyncIterable<string>;
}

export type ProcessedFile = { name: string; bytes: Buffer; contentType: string };
export type ProcessedPhoto = { width: number; height: number; widths: number[]; files: ProcessedFile[]; bytes: number };
export type WorkerScheduling = 'idle' | 'nice';

/** Resizes photos off the request path, a bounded number at once (docs/decisions/0800). */
/** Whose picture it is and what for: the queue is fair between accounts, and each kind has its limits. */
export type PhotoJobOptions = { kind?: PhotoKind; account?: string };

export type PhotoProcessor = {
  process(filePath: string, key: string, options?: PhotoJobOptions): Promise<ProcessedPhoto>;
  /** Uploads waiting for a worker. */
  readonly pending: number;
  /** Photos being resized now. */
  readonly busy: number;
  /** At most this many resized at once. */
  readonly concurrency: number;
  /** How the workers run: under SCHED_IDLE, or niced (where chrt is missing or refused). */
  readonly scheduling: WorkerScheduling;
  /** Process ids of the running workers (for the benchmark's memory figure). */
  readonly pids: number[];
  close(): Promise<void>;
};

/** The background jobs this instance runs (api/src/jobs/job-runner.ts), for the operators' jobs view. */
export type JobsView = {
  /** Each job's runs and failures on this instance and its backlog in the database, in the contract's shape. */
  overview(): Promise<AdminJobsResponse>;
};

export type ViewKind = 'page' | 'card';

/** Listing page views and card opens, counted in memory and written every few seconds (docs/decisions/1004). */
export type ListingViewCounter = {
  count(spaceId: number, kind: ViewKind): void;
  /** Writes what was counted so far; the next flush starts from zero. */
  flush(): Promise<void>;
  /** Stops the timer and flushes once more (graceful stop). */
  stop(): Promise<void>;
  readonly enabled: boolean;
};

/**
 * Each owner's published reviews as an average and a count (the reviews module implements it, issue 28;
 * decision 1503), read in one of two ways that give the same numbers:
 * - `read`: for a few owners in one read (a listing's page); owners without a published review are absent;
 * - `column`: as a column of another statement (one owner's rating, or null), so that a page of browse reads
 *   its listings and their owners' ratings in one statement — one round trip and one pool connection per
 *   page, not two (a second wait for a connection doubled a browse miss's queueing under load: 0708).
 */
export type OwnerRatings = {
  read: (input: { db: Executor; ownerIds: number[]; now: Date }) => Promise<Map<number, OwnerRating>>;
  column: (ownerId: SQL | AnyColumn, now: Date) => SQL<OwnerRating | null>;
};

/**
 * The listing's copy of its photo list (`spaces.photos`, read without a join: decision 0801). The spaces module
 * owns the table and implements it; photos writes through it in its own transaction (decision 1313).
 */
export type ListingPhotos = {
  write: (tx: Executor, spaceId: number, photos: SpacePhoto[], now: Date) => Promise<void>;
};
