// Moved to packages/server (issue 30): the configuration and the websocket server both read it.
export * from '@autoradar/server/config/origin-rules';
