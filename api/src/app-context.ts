// What every feature module receives: the injected outside world plus the auth instance.
import type { Database, DatabaseHandle } from '../../db/client';
import type { Config } from './config';
import type { Auth } from './lib/auth';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import type { Mailer } from './lib/mailer';
import type { PublicCache } from './lib/public-cache';
import type { PaymentProvider } from './lib/payments';

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  mailer: Mailer;
  /** null when no provider is configured: checkout then says the payment system is unavailable. */
  payments: PaymentProvider | null;
  logger: Logger;
};

export type AppContext = AppDeps & { db: Database; auth: Auth; publicCache: PublicCache };
