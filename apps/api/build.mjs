// Compiles the server processes to JavaScript with esbuild (DESIGN.md §7: production runs compiled JavaScript):
//   apps/api/dist/main.js        the API (HTTP + websockets), `node apps/api/dist/main.js`
//   bot/dist/main.js             the bot's own process (compose's `bot`)
//   bot/dist/worker-main.js      the saved-filter notification worker (compose's `notify`)
// The workspace packages (@autoradar/*) are TypeScript sources: they are bundled in. Every package from the registry
// stays external and is imported from where pnpm installed it (a path relative to the output file), so native and
// heavy ones (sharp, pg, @electric-sql/pglite, …) load their own files as usual. The bundle therefore runs inside
// the installed repository (the Docker image keeps node_modules), not copied elsewhere on its own.
// Usage: node apps/api/build.mjs [api|bot]   (no argument: all three)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const TARGETS = {
  api: [{ entry: 'apps/api/src/main.ts', outfile: 'apps/api/dist/main.js' }],
  bot: [
    { entry: 'bot/src/main.ts', outfile: 'bot/dist/main.js' },
    { entry: 'bot/src/worker-main.ts', outfile: 'bot/dist/worker-main.js' },
  ],
};

const isWorkspaceSource = (file) => !file.split(path.sep).includes('node_modules');

/**
 * Registry packages: resolved from the importing file as Node would, then imported by a path relative to the output
 * file, so a package only its workspace depends on (pg, from @autoradar/db) is found from apps/api/dist too.
 */
function externalRegistryPackages(outDir) {
  return {
    name: 'external-registry-packages',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.path.startsWith('node:') || args.path.startsWith('@autoradar/')) return undefined;
        if (args.pluginData === 'resolving') return undefined;
        if (!isWorkspaceSource(args.importer)) return { external: true };
        const found = await b.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          pluginData: 'resolving',
        });
        if (found.errors.length > 0) return { errors: found.errors };
        if (found.external || !path.isAbsolute(found.path)) return { path: args.path, external: true };
        const relative = path.relative(outDir, found.path).split(path.sep).join('/');
        return { path: relative.startsWith('.') ? relative : `./${relative}`, external: true };
      });
    },
  };
}

/**
 * `import.meta.url` in a bundled source means that source file (migrations, reference data and the repo root are
 * found relative to it), not the bundle: it is rewritten to the source's URL relative to the output file.
 */
function sourceImportMetaUrl(outDir) {
  return {
    name: 'source-import-meta-url',
    setup(b) {
      b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (!isWorkspaceSource(args.path)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const relative = path.relative(outDir, args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return {
          contents: source.replaceAll('import.meta.url', url),
          loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        };
      });
    },
  };
}

async function buildOne({ entry, outfile }) {
  const outPath = path.join(repoRoot, outfile);
  const outDir = path.dirname(outPath);
  await build({
    entryPoints: [path.join(repoRoot, entry)],
    outfile: outPath,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalRegistryPackages(outDir), sourceImportMetaUrl(outDir)],
  });
  return outfile;
}

const wanted = process.argv[2];
if (wanted && !(wanted in TARGETS)) {
  console.error(`Неизвестная цель сборки «${wanted}»: ожидается api или bot`);
  process.exit(1);
}
const jobs = (wanted ? TARGETS[wanted] : Object.values(TARGETS).flat()).map(buildOne);
const built = await Promise.all(jobs);
console.log(`Собрано: ${built.join(', ')}`);
