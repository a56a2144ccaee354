// Keeps the public-read cache honest across instances: the database trigger of migration
// 0002_perf_spaces_notify notifies on every write to spaces or blog_posts (whoever writes), and each
// instance clears its cache on the notification. Until LISTEN is in place, and whenever it is lost,
// the cache stays off, so a missed notification can never leave a stale answer behind.
import type { DatabaseHandle } from '#db/client';
import type { StopListening } from '#db/notify-listener';
import type { PublicCache } from '../../lib/public-cache';
import type { Logger } from '../../lib/logger';
import { listenForChanges } from '../../lib/listened-cache';

export const PUBLIC_READS_CHANNEL = 'farmspace_public_reads';

export function listenForSpaceChanges(database: DatabaseHandle, cache: PublicCache, logger: Logger): StopListening {
  return listenForChanges(database, cache, logger, { channel: PUBLIC_READS_CHANNEL, name: 'public-read cache', onNotify: () => cache.clear() });
}
