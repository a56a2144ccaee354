// Keeps the public-read cache honest across instances: the database triggers of migrations 0003 and 0020
// notify on every write to public spaces or to blog_posts (whoever writes), 0028 on a write to the saved
// searches' columns the demand by city reads, each with the table's name; each instance hands it to the
// cache (changed: the answers that read that table go, or turn stale). Until LISTEN is in place, and whenever it is lost,
// the cache stays off, so a missed notification can never leave a stale answer behind.
import type { DatabaseHandle } from '#db/client';
import type { StopListening } from '#db/notify-listener';
import type { PublicCache } from '../../lib/public-cache';
import type { Logger } from '../../lib/logger';
import { listenForChanges } from '../../lib/listened-cache';

export const PUBLIC_READS_CHANNEL = 'farmspace_public_reads';

export function listenForSpaceChanges(database: DatabaseHandle, cache: PublicCache, logger: Logger): StopListening {
  return listenForChanges(database, cache, logger, { channel: PUBLIC_READS_CHANNEL, name: 'public-read cache', onNotify: (table) => cache.changed(table) });
}
