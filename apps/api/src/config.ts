// Moved to packages/server (issue 30): one checked configuration for every process.
export * from '@autoradar/server/config/config';
