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

/** Vite's `build` (the app's config passes it: this file imports no package). */
export type ViteBuild = (config: Record<string, unknown>) => Promise<unknown>;

interface BuiltChunk {
  type: string;
  fileName?: string;
  code?: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The app's code (each app's src/start.tsx, which the small entry imports once the first paint is on the page) asked for
 * by the page's head as the entry was: its script and the scripts it imports as `modulepreload` (fetched and compiled
 * while the page waits), its style sheet as the page's style sheet (so the painted cards and the first render have
 * it; Vite's loader finds it there and does not add it again).
 */
function startTags(base: string, ctx: { chunk?: BuiltChunk; bundle?: Record<string, BuiltChunk> }) {
  const bundle = ctx.bundle ?? {};
  const start = (ctx.chunk?.dynamicImports ?? []).map((file) => bundle[file]).find((chunk) => chunk?.name === 'start');
  if (!start?.fileName) return [];
  const file = start.fileName ?? '';
  const entry = ctx.chunk;
  const known = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
  const scripts = [file, ...(start.imports ?? []).filter((f) => !known.has(f))];
  return [
    ...[...(start.viteMetadata?.importedCss ?? [])].map((css) => ({
      tag: 'link',
      attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${css}` },
      injectTo: 'head' as const,
    })),
    ...scripts.map((js) => ({
      tag: 'link',
      attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${js}` },
      injectTo: 'head' as const,
    })),
  ];
}

/** The meta element that names the first-paint script (packages/contract early-calls.ts FIRST_PAINT_META). */
export const FIRST_PAINT_META = 'autoradar-first-paint';

/** The first-paint script's entry (first-paint/entry.ts), as a file path. */
const FIRST_PAINT_ENTRY = decodeURIComponent(new URL('./first-paint/entry.ts', import.meta.url).pathname);

/**
 * The first paint (issue 32, first-paint/painter.ts): a small classic script of its own, built apart from the app (an
 * IIFE, nothing shared with the app's chunks) into the app's assets under a name from its content. The page only names
 * it (a meta element at the top of the head); the page's inline script loads it for a returning user, with the early
 * calls, so a new device's page never fetches it, and the app's entry waits for it at most a moment.
 */
function firstPaintPlugin(base: string, build: ViteBuild) {
  let script: Promise<{ fileName: string; code: string }> | undefined;
  const bundle = () =>
    (script ??= (async () => {
      const result = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: { 'process.env.NODE_ENV': '"production"' },
        build: {
          write: false,
          emptyOutDir: false,
          minify: true,
          target: 'es2020',
          lib: { entry: FIRST_PAINT_ENTRY, formats: ['iife'], name: 'autoradarFirstPaint' },
          // Only what the painter uses of the packages' barrels (their top-level tables and Intl formats are pure).
          rollupOptions: { treeshake: { moduleSideEffects: (id: string) => id === FIRST_PAINT_ENTRY } },
        },
      });
      const outputs = (Array.isArray(result) ? result : [result]) as { output: BuiltChunk[] }[];
      const code = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk')?.code;
      if (!code) throw new Error('first-paint: the build gave no script');
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code));
      const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
      return { fileName: `assets/first-paint-${hash.slice(0, 10)}.js`, code };
    })());
  return {
    name: 'autoradar-first-paint',
    apply: 'build' as const,
    transformIndexHtml: {
      order: 'post' as const,
      async handler(_html: string, ctx: { chunk?: BuiltChunk; bundle?: Record<string, BuiltChunk> }) {
        const { fileName } = await bundle();
        return [
          ...startTags(base, ctx),
          // Named, not loaded: the page's inline script loads it for a returning user only (contract early-calls.ts).
          {
            tag: 'meta',
            attrs: { name: FIRST_PAINT_META, content: `${base}${fileName}` },
            injectTo: 'head-prepend' as const,
          },
        ];
      },
    },
    async generateBundle(this: { emitFile(file: { type: 'asset'; fileName: string; source: string }): string }) {
      const { fileName, code } = await bundle();
      this.emitFile({ type: 'asset', fileName, source: code });
    },
  };
}

/**
 * The parts of an app's Vite config that both apps share. Each app's index.html is only the entry Vite asks for; the
 * plugin gives Vite this document in its place before Vite reads its script. With `build` (Vite's), the build also
 * makes the first-paint script.
 */
export function appViteConfig(options: { base: string; devPort?: number; build?: ViteBuild }) {
  return {
    base: options.base,
    build: { outDir: 'dist', emptyOutDir: true },
    server: { ...(options.devPort === undefined ? {} : { port: options.devPort }), proxy: devProxy() },
    plugins: [
      {
        name: 'autoradar-app-shell',
        transformIndexHtml: { order: 'pre' as const, handler: () => APP_SHELL_HTML },
      },
      ...(options.build ? [firstPaintPlugin(options.base, options.build)] : []),
    ],
  };
}
