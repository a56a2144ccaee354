// Seeds demonstration data idempotently at every start: running it twice changes nothing.
import type { Database } from '../client';
import { ensureDemoOwner } from './demo-owner';

export async function seedDemonstrationData(db: Database, _now: Date): Promise<void> {
  await ensureDemoOwner(db);
}
