// `npm run db:migrate`: apply the committed migrations to the configured database and exit.
import { ConfigError, loadConfig } from '#api/config';
import { openConfiguredDatabase } from '#api/server';
import { createLogger } from '#api/lib/logger';

try {
  const config = loadConfig();
  const database = openConfiguredDatabase(config, createLogger(config.LOG_LEVEL));
  await database.migrate();
  await database.close();
  console.log(`Migrations applied (${database.kind}).`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Migration failed: ${(error as Error).message}`);
  process.exit(1);
}
