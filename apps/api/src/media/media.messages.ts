// Moved to packages/server with image.ts; kept here for the API's imports.
export * from '@autoradar/server/media/media.messages';
