// The emulator lives in packages/server (the notification worker's tests use it too).
export * from '@autoradar/server/testing/bot-api-emulator';
