// Lint: typescript-eslint with a few type-aware rules that catch real bugs (floating and misused promises), React
// hooks rules for the UI, and the import boundaries of DESIGN.md §1.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ['error', { patterns }];
const apps = { group: ['@autoradar/api', '@autoradar/api/*', '@autoradar/web', '@autoradar/web/*', '@autoradar/miniapp', '@autoradar/miniapp/*'], message: 'Nothing imports from an app (DESIGN.md §1).' };
const frameworks = { group: ['react', 'react-*', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', 'grammy', 'ky', 'jotai', 'node:*'], message: 'core and contract are pure: no framework, database, DOM or Node API.' };

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'test-results/**', 'packages/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': restrict([apps]),
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict([apps, frameworks, { group: ['zod', '@autoradar/*'], message: 'core depends on nothing.' }]) },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict([apps, frameworks, { group: ['@autoradar/db', '@autoradar/ui', '@autoradar/bot'], message: 'contract imports only core and zod.' }]) },
  },
  {
    files: ['packages/ui/src/**/*.{ts,tsx}', 'apps/web/src/**/*.{ts,tsx}', 'apps/miniapp/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict([apps, { group: ['@autoradar/db', '@autoradar/bot', 'drizzle-orm', 'pg', 'fastify', 'node:*'], message: 'The browser apps never import server code.' }]),
    },
  },
  {
    files: ['tests/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
