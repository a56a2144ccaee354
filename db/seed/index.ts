// Seeds demonstration data idempotently at every start: running it twice changes nothing.
import type { Database } from '../client';
import { ensureDemoOwner } from './demo-owner';
import { seedDemoSpaces } from './demo-spaces';

export async function seedDemonstrationData(db: Database, now: Date): Promise<void> {
  const demoOwnerId = await ensureDemoOwner(db);
  await seedDemoSpaces(db, demoOwnerId, now);
}
