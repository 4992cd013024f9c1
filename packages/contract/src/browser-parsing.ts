// Imported first by each browser app's entry (apps/web, apps/miniapp), for its side effect. zod compiles object
// parsers with `new Function` after probing that it may; under the Content-Security-Policy the API sends (no
// 'unsafe-eval', apps/api/src/plugins/edge-headers.ts) the probe is refused and reported as a violation. The browser
// apps parse small answers, so they parse without compiling. The server keeps the compiled parsers.
//
// Without importing zod (issue 32: the apps' first screen carries no zod; even `config` from zod/mini brings ~30 kB of
// its core into the entry): zod keeps its settings in `globalThis.__zod_globalConfig`, which the first of its modules
// to load takes as it finds it (zod/v4/core/core.js) and `z.config()` returns. browser-parsing.test.ts checks that
// zod still reads it, so an upgrade that moves it fails there.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true; // the same object, should zod have loaded first

export {};
