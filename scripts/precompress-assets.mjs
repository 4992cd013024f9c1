// After each app's `vite build` (apps/web and apps/miniapp package.json): a brotli (.br) and a gzip (.gz) copy of
// every script, style sheet and SVG in dist/assets. The API serves them to browsers that accept them
// (@fastify/static's preCompressed in apps/api/src/plugins/spa.ts), so the product sends compressed bytes without
// compressing on every request; the uncompressed file stays for clients that accept neither.
//
//   node ../../scripts/precompress-assets.mjs dist
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|svg|json)$/;
/** Below this, compression saves less than the headers it costs. */
const MIN_BYTES = 1024;

const assets = path.resolve(process.argv[2] ?? 'dist', 'assets');
let files = 0;
for (const name of readdirSync(assets)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const file = path.join(assets, name);
  const body = readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  };
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  files += 1;
}
console.log(`precompressed ${files} files in ${assets} (.br, .gz)`);
