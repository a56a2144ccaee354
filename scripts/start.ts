// `npm start`: validate the configuration, build the site when missing or stale, then run the product.
import { ConfigError, loadConfig, type Config } from '#api/config';
import { startServer } from '#api/server';
import { ensureSiteBuild } from './build-site';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// The build this process serves for its whole life, whatever other instances build later.
const siteBuildDir = config.SERVE_SITE ? ensureSiteBuild() : undefined;

try {
  const { stop, port } = await startServer(config, { siteBuildDir });
  console.log(`FarmSpace is running at http://localhost:${port}`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
} catch (error) {
  const err = error as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const code = err.code ?? err.cause?.code;
  const where = config.DATABASE_URL ? 'the PostgreSQL database at DATABASE_URL' : `the embedded database in DATA_DIR (${config.DATA_DIR})`;
  if (code === 'EADDRINUSE') console.error(`Cannot start: port ${config.PORT} is already in use (set PORT).`);
  else console.error(`Cannot start: could not open ${where}: ${err.message.split('\n')[0]}`);
  process.exit(1);
}
