// The owner's and operators' own looks at a listing are not views (issue 25): an owner checking their page
// after publishing saw their own visits in their numbers. Only a signed-in visitor is looked at, after the
// answer was sent; an anonymous view costs nothing more, and still nothing about any viewer is stored.
import { eq } from 'drizzle-orm';
import type { Executor } from '#db/client';
import { spaces } from '#db/schema/index';
import type { Config } from '../../config';
import type { SessionUser } from '../../lib/session';
import { isOperator } from '../auth/index';

export type OwnViewCheck = (spaceId: number, viewer: SessionUser | undefined) => Promise<boolean>;

export function createOwnViewCheck(deps: { db: Executor; config: Pick<Config, 'OPERATOR_EMAILS'> }): OwnViewCheck {
  return async (spaceId, viewer) => {
    if (!viewer) return false;
    if (isOperator(deps.config, viewer)) return true;
    const [row] = await deps.db.select({ ownerId: spaces.ownerId }).from(spaces).where(eq(spaces.id, spaceId));
    return row?.ownerId === viewer.id;
  };
}
