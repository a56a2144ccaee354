// drizzle-kit reads the schema and writes SQL migrations into db/migrations (committed, never hand-edited).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  casing: 'snake_case',
});
