import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The lint step (`pnpm lint`: prettier --check, then eslint) fails on an import that runs against DESIGN.md §1 and
// on an unformatted file. Source text is linted under a made-up path inside each part, with the repo's own
// eslint.config.js and Prettier config; nothing is written to disk.

const root = path.resolve(import.meta.dirname, '../..');
// Boundaries need no type information; without it a file that is not on disk can be linted, and fast.
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: path.join(root, 'eslint.config.js'),
  overrideConfig: [tseslint.configs.disableTypeChecked],
});

async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.map((m) => `${m.ruleId ?? 'parser'}: ${m.message}`);
}

/** A module that imports `name` from `from` and uses it, so only the import itself can be wrong. */
const importing = (from: string, name = 'x') => `import { ${name} } from '${from}';\nexport const used = ${name};\n`;

// [importing file, import, what the refusal says]
const refused: [string, string, string][] = [
  ['packages/core/src/fixture.ts', '@autoradar/contract', 'core is pure and imports nothing of ours'],
  ['packages/core/src/fixture.ts', 'zod', 'core depends on nothing'],
  ['packages/contract/src/fixture.ts', '@autoradar/db', 'contract imports only core'],
  ['packages/contract/src/fixture.ts', 'react', 'core and contract are pure'],
  ['packages/db/src/fixture.ts', '../../../apps/api/src/app', 'db builds on core and contract only'],
  ['packages/ui/src/api/fixture.ts', '@autoradar/db', 'ui runs in the browser'],
  ['packages/ui/src/api/fixture.ts', '@autoradar/server/telegram-api', 'ui runs in the browser'],
  ['packages/ui/src/api/fixture.ts', '@autoradar/bot', 'ui runs in the browser'],
  ['packages/ui/src/api/fixture.ts', 'node:fs', 'never import server code or Node APIs'],
  ['packages/server/src/fixture.ts', '@autoradar/api/app', 'server is shared by the API and the bot'],
  ['packages/server/src/fixture.ts', '@autoradar/bot', 'server is shared by the API and the bot'],
  ['bot/src/fixture.ts', '@autoradar/api/app', 'the bot never imports an app'],
  ['apps/web/src/fixture.ts', '../../miniapp/src/lib/tma', 'the browser apps import ui, contract and core only'],
  ['apps/web/src/fixture.ts', '@autoradar/db', 'the browser apps import ui, contract and core only'],
  ['packages/ui/src/features/search/screens/fixture.tsx', '../../post/state', 'ui features never import each other'],
  [
    'packages/ui/src/features/search/fixture.ts',
    '@autoradar/ui/features/sell/api',
    'ui features never import each other',
  ],
  ['packages/ui/src/components/fixture.tsx', '../features/login/api', "ui's shared code never imports a feature"],
  ['apps/api/src/http/fixture.ts', '../modules/auth/auth.plugin', 'http/ is the transport every module builds on'],
  ['apps/api/src/media/fixture.ts', '../http/http-error', 'media/ knows no HTTP'],
  ['packages/server/src/config/config.ts', '../runtime/logger', 'config/ is read by every process'],
  ['packages/ui/src/vite-app.ts', '@autoradar/core', 'it imports relative files only, never a package'],
  ['packages/ui/src/vite-app.ts', 'vite', 'it imports relative files only, never a package'],
];

// The same parts importing the right way.
const allowed: [string, string][] = [
  ['packages/core/src/fixture.ts', './plural'],
  ['packages/contract/src/fixture.ts', '@autoradar/core'],
  ['packages/contract/src/fixture.ts', 'zod'],
  ['packages/db/src/fixture.ts', '@autoradar/contract'],
  ['packages/ui/src/api/fixture.ts', '@autoradar/contract'],
  ['packages/server/src/fixture.ts', '@autoradar/db'],
  ['bot/src/fixture.ts', '@autoradar/server'],
  ['apps/api/src/fixture.ts', '@autoradar/bot'],
  ['apps/web/src/fixture.ts', '@autoradar/ui'],
  ['packages/ui/src/features/search/screens/fixture.tsx', '../state'],
  ['packages/ui/src/features/search/screens/fixture.tsx', '../../../api/client'],
  ['packages/ui/src/app/fixture.tsx', '../features/post/routes'],
  ['apps/api/src/modules/posts/fixture.ts', '../../http/route'],
  ['apps/api/src/http/fixture.ts', '../media/image'],
  ['packages/server/src/config/config.ts', './origin-rules'],
  ['packages/ui/src/vite-app.ts', './routing'],
  // A test composes the layers it exercises, as app.ts does.
  ['apps/api/src/http/fixture.test.ts', '../modules/auth/auth.plugin'],
  ['tests/fixture.test.ts', '@autoradar/api/testing/test-app'],
];

describe('lint: import boundaries (DESIGN.md §1)', () => {
  it.each(refused)('%s may not import %s', async (file, from, why) => {
    const messages = await lint(file, importing(from));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(why);
  });

  it.each(allowed)('%s may import %s', async (file, from) => {
    expect(await lint(file, importing(from))).toEqual([]);
  });

  it('sees every form of import: type-only, re-export and dynamic', async () => {
    const file = 'apps/api/src/http/fixture.ts';
    const forms = [
      "import type { AuthUser } from '../modules/auth/auth.plugin';\nexport type User = AuthUser;\n",
      "export { registerAuth } from '../modules/auth/auth.plugin';\n",
      "export * from '../modules/auth/auth.plugin';\n",
      "export const load = () => import('../modules/auth/auth.plugin');\n",
    ];
    for (const code of forms) {
      expect(await lint(file, code), code).toEqual([expect.stringContaining('boundaries/one-way')]);
    }
  });
});

describe('lint: formatting', () => {
  const file = path.join(root, 'apps/api/src/fixture.ts');
  const unformatted = "const answer = {status:'ok',count:1}\nexport default answer\n";

  it('runs Prettier in check mode before ESLint in the lint step', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { lint: string } };
    expect(pkg.scripts.lint).toMatch(/^prettier --check \. .*&& eslint \./);
  });

  it('checks source files and refuses an unformatted one', async () => {
    expect((await prettier.getFileInfo(file, { ignorePath: path.join(root, '.prettierignore') })).ignored).toBe(false);
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    expect(await prettier.check(unformatted, options)).toBe(false);
    const formatted = await prettier.format(unformatted, options);
    expect(formatted).toBe("const answer = { status: 'ok', count: 1 };\nexport default answer;\n");
    expect(await prettier.check(formatted, options)).toBe(true);
  });
});
