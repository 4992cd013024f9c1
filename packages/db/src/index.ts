export * from './schema';
export {
  createDb,
  createMemoryDb,
  redactDatabaseUrl,
  type CreateDbOptions,
  type Db,
  type DbHandle,
  type DbQueryResultHKT,
  type DbTransaction,
  type PgliteDbHandle,
  type PostgresDbHandle,
  type Schema,
} from './client';
export { insertRows, type InsertRowsOptions } from './insert-rows';
export { migrateDb, migrationsFolder } from './migrate';
export { isDatabaseUnavailable } from './unavailable';
export { importReferenceData, referenceDataDir, type ReferenceImportResult } from './seed/reference';
export { planDemoListings, renderDemoImages, type DemoListing, type SeedDemoOptions } from './seed/demo';
