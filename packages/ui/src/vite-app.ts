// What both apps' Vite configs share: the one HTML page they start from, the build folder, and the development proxy
// to the API. The configs import this file by a relative path: Vite bundles a config's relative imports but loads
// package imports with plain Node, which cannot run the TypeScript source our packages ship. Nothing here may import
// a package for that reason.

// The paths the apps reach on the API's origin. In production the API serves the built apps itself on one origin; in
// development each app's Vite server forwards these paths to the API, which listens on its own (PORT 3000).
const API_PATHS = ['/api', '/auth', '/broadcasting', '/media', '/posts'] as const;

export const DEV_API_ORIGIN = 'http://127.0.0.1:3000';

/** Vite's `server.proxy` for both apps. */
export function devProxy(target: string = DEV_API_ORIGIN): Record<string, string> {
  return Object.fromEntries(API_PATHS.map((path) => [path, target]));
}

/** What a search engine or a link preview shows of any page the listing page does not describe itself. */
export const APP_DESCRIPTION =
  'Поиск подержанных автомобилей и мотоциклов: объявления из более чем 1 400 источников по всей России.';

/**
 * The document of both apps. The title is left empty: the API writes the configured APP_NAME into it when it serves
 * the page (apps/api plugins/spa.ts), and every screen sets its own once it runs.
 */
export const APP_SHELL_HTML = `<!doctype html>
<html lang="ru">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="color-scheme" content="light dark" />
    <meta name="description" content="${APP_DESCRIPTION}" />
    <title></title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`;

/**
 * The parts of an app's Vite config that both apps share. Each app's index.html is only the entry Vite asks for; the
 * plugin gives Vite this document in its place before Vite reads its script.
 */
export function appViteConfig(options: { base: string; devPort?: number }) {
  return {
    base: options.base,
    build: { outDir: 'dist', emptyOutDir: true },
    server: { ...(options.devPort === undefined ? {} : { port: options.devPort }), proxy: devProxy() },
    plugins: [
      {
        name: 'autoradar-app-shell',
        transformIndexHtml: { order: 'pre' as const, handler: () => APP_SHELL_HTML },
      },
    ],
  };
}
