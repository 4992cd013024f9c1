// The emulator lives in packages/server/src/testing. Only bot/src/worker-crash.test.ts (issue 31's file) still
// imports it through here: switch that import and delete this file (issue 27).
export * from '@autoradar/server/testing/bot-api-emulator';
