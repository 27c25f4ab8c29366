/** drizzle-kit: `npm run db:generate` writes SQL migrations for schema changes (applied at server start). */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
