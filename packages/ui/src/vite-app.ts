// The paths the apps reach on the API's origin. In production the API serves the built apps itself on one origin; in
// development each app's Vite server forwards these paths to the API, which listens on its own (PORT 3000).
const API_PATHS = ['/api', '/auth', '/broadcasting', '/media', '/posts'] as const;

export const DEV_API_ORIGIN = 'http://127.0.0.1:3000';

/** Vite's `server.proxy` for both apps. */
export function devProxy(target: string = DEV_API_ORIGIN): Record<string, string> {
  return Object.fromEntries(API_PATHS.map((path) => [path, target]));
}
