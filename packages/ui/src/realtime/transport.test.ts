// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { realtimeEndpoint } from './transport';

// Where the websocket connects (spec §7): the page's host; 8080, or the port the server injects, on http pages; 443
// with wss on https pages, which reach the server through the proxy whatever port it listens on inside.
describe('the realtime endpoint', () => {
  afterEach(() => {
    delete window.__APP_CONFIG__;
  });

  it('uses the key and port the server injects on an http page', () => {
    window.__APP_CONFIG__ = { realtimeKey: 'prod-key', realtimePort: 6001 };
    expect(realtimeEndpoint({ protocol: 'http:', hostname: 'example.test' })).toEqual({
      key: 'prod-key',
      host: 'example.test',
      port: 6001,
      tls: false,
    });
  });

  it('goes to 443 with wss on an https page, not to the port the server listens on inside', () => {
    window.__APP_CONFIG__ = { realtimeKey: 'prod-key', realtimePort: 8080 };
    expect(realtimeEndpoint({ protocol: 'https:', hostname: 'autoradar.test' })).toMatchObject({
      port: 443,
      tls: true,
    });
  });

  it("falls back to spec §7's 8080 and the default key when the server tells nothing", () => {
    expect(realtimeEndpoint({ protocol: 'http:', hostname: 'localhost' })).toEqual({
      key: 'autoradar-key',
      host: 'localhost',
      port: 8080,
      tls: false,
    });
  });
});
