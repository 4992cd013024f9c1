import { config } from 'zod/mini';

// Imported first by each browser app's entry (apps/web, apps/miniapp), for its side effect. zod compiles object
// parsers with `new Function` after probing that it may; under the Content-Security-Policy the API sends (no
// 'unsafe-eval', apps/api/src/plugins/edge-headers.ts) the probe is refused and reported as a violation. The browser
// apps parse small answers, so they parse without compiling. The server keeps the compiled parsers. zod/mini's
// `config` is the one both zod flavours read; importing classic zod here would put all of it in the entry (issue 32).
config({ jitless: true });
