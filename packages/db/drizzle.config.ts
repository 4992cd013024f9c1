import { defineConfig } from 'drizzle-kit';

// Generation only needs the schema; migrations are applied at runtime by src/migrate.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
  strict: true,
});
