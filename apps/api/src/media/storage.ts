// Moved to packages/server (the bot stores channel photos the same way as uploads); kept here for the API's imports.
export * from '@autoradar/server/media/storage';
