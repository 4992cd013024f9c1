// The import boundaries of DESIGN.md §1 as one ESLint rule (`boundaries/one-way`). Every import of our own code, a
// relative path or an @autoradar/* name, is resolved to the folder it points at and checked by the importing file's
// place. Third-party names (frameworks, node:*) are no-restricted-imports' job in eslint.config.js.
import path from 'node:path';

const root = import.meta.dirname;

/** Each workspace package: its folder and the packages it may import (itself always). */
const WORKSPACES = {
  core: { dir: 'packages/core', uses: [] },
  contract: { dir: 'packages/contract', uses: ['core'] },
  db: { dir: 'packages/db', uses: ['core', 'contract'] },
  ui: { dir: 'packages/ui', uses: ['core', 'contract'] },
  server: { dir: 'packages/server', uses: ['core', 'contract', 'db'] },
  bot: { dir: 'bot', uses: ['core', 'contract', 'db', 'server'] },
  // The API process also starts the bot (apps/api/src/main.ts).
  api: { dir: 'apps/api', uses: ['core', 'contract', 'db', 'server', 'bot'] },
  web: { dir: 'apps/web', uses: ['core', 'contract', 'ui'] },
  miniapp: { dir: 'apps/miniapp', uses: ['core', 'contract', 'ui'] },
  // Cross-part tests drive every part.
  tests: { dir: 'tests', uses: ['core', 'contract', 'db', 'ui', 'server', 'bot', 'api', 'web', 'miniapp'] },
};

const workspaceOf = (file) =>
  Object.keys(WORKSPACES).find((name) => file === WORKSPACES[name].dir || file.startsWith(`${WORKSPACES[name].dir}/`));

const WHY = {
  core: 'core is pure and imports nothing of ours',
  contract: 'contract imports only core (and zod)',
  db: 'db builds on core and contract only',
  ui: 'ui runs in the browser: core and contract only, never db, server, the bot or an app',
  server: 'server is shared by the API and the bot, so it never imports either, nor an app',
  bot: 'the bot never imports an app',
  api: 'nothing imports from another app',
  web: 'the browser apps import ui, contract and core only',
  miniapp: 'the browser apps import ui, contract and core only',
};

const UI = 'packages/ui/src/';
const isTest = (file) => /\.test\.tsx?$/.test(file);
/**
 * Rules inside one package, by the importing file's path (repo-relative); each returns why `target` is refused. The
 * API's layers bind its running code; a test, like app.ts, composes the layers it exercises.
 */
const INSIDE = [
  (file, target) => {
    const from = file.match(/^packages\/ui\/src\/features\/([^/]+)\//)?.[1];
    const to = target.match(/^packages\/ui\/src\/features\/([^/]+)(\/|$)/)?.[1];
    return from && to && from !== to
      ? `ui features never import each other (features/${from} -> features/${to}): move what both need to src/{api,components,session,realtime,store}, or compose them in src/app`
      : null;
  },
  (file, target) =>
    file.startsWith(UI) &&
    !/^packages\/ui\/src\/(features|app)\/|^packages\/ui\/src\/index\.ts$/.test(file) &&
    /^packages\/ui\/src\/(features|app)(\/|$)/.test(target)
      ? "ui's shared code never imports a feature or the app: they build on it"
      : null,
  (file, target) =>
    !isTest(file) && file.startsWith('apps/api/src/http/') && target.startsWith('apps/api/src/modules/')
      ? 'http/ is the transport every module builds on; it never imports modules/'
      : null,
  (file, target) =>
    !isTest(file) && file.startsWith('apps/api/src/media/') && target.startsWith('apps/api/src/http/')
      ? 'media/ knows no HTTP: it throws its own errors and http/ answers them'
      : null,
  (file, target) =>
    !isTest(file) &&
    file.startsWith('packages/server/src/config/') &&
    /^packages\/server\/src\//.test(target) &&
    !target.startsWith('packages/server/src/config/')
      ? 'config/ is read by every process and every part of them, so it imports none of their folders'
      : null,
];

const toPosix = (p) => p.split(path.sep).join('/');

/** The repo-relative path an import names, or null for a third-party module. */
function resolveTarget(file, specifier) {
  if (specifier.startsWith('.')) return toPosix(path.relative(root, path.resolve(path.dirname(file), specifier)));
  const name = specifier.match(/^@autoradar\/([^/]+)(\/.*)?$/);
  if (!name) return null;
  const workspace = WORKSPACES[name[1]];
  if (!workspace) return null;
  // Every package exports its src/ folder by subpath (tests has no src/).
  const src = name[1] === 'tests' ? workspace.dir : `${workspace.dir}/src`;
  return `${src}${name[2] ?? '/index.ts'}`;
}

/** The reason `file` may not import `target`, or null when the arrow points the right way. */
export function boundaryViolation(file, target) {
  const from = workspaceOf(file);
  const to = workspaceOf(target);
  if (from && to && from !== to && !WORKSPACES[from].uses.includes(to)) return `${WHY[from]} (${from} -> ${to})`;
  for (const rule of INSIDE) {
    const why = rule(file, target);
    if (why) return why;
  }
  return null;
}

const oneWay = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the one-way dependencies of DESIGN.md §1' },
    schema: [],
    messages: { boundary: 'Import across a boundary: {{why}}.' },
  },
  create(context) {
    const file = toPosix(path.relative(root, context.filename));
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveTarget(context.filename, source.value);
      const why = target === null ? null : boundaryViolation(file, target);
      if (why) context.report({ node: source, messageId: 'boundary', data: { why } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.source),
    };
  },
};

export const boundaries = { meta: { name: 'autoradar-boundaries' }, rules: { 'one-way': oneWay } };
