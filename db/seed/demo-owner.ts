// The account that owns the demonstration listings. It has no password, so nobody can sign in as it.
import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { users } from '../schema/index';

export const DEMO_OWNER_EMAIL = 'demo-listings@farmspace.app';

export async function ensureDemoOwner(db: Database): Promise<number> {
  await db
    .insert(users)
    .values({ email: DEMO_OWNER_EMAIL, firstName: 'FarmSpace', lastName: 'Examples', verified: true, userType: 'landlord' })
    .onConflictDoNothing({ target: users.email });
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_OWNER_EMAIL));
  return owner!.id;
}
