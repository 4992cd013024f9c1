// Lint: typescript-eslint's type-checked recommended rules, React hooks rules for the UI, and the import boundaries
// of DESIGN.md §1: our own code by path (eslint.boundaries.js), third-party modules by name (no-restricted-imports).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { boundaries } from './eslint.boundaries.js';

const restrict = (...patterns) => ['error', { patterns }];
const frameworks = {
  group: [
    'react',
    'react-*',
    'fastify',
    '@fastify/*',
    'drizzle-orm',
    'drizzle-orm/*',
    'pg',
    '@electric-sql/*',
    'grammy',
    'ky',
    'jotai',
    'node:*',
  ],
  message: 'core and contract are pure: no framework, database, DOM or Node API.',
};
const serverModules = {
  group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', 'fastify', '@fastify/*', 'grammy', 'node:*'],
  message: 'The browser apps never import server code or Node APIs.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'test-results/**', 'packages/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Two programs give the type information, one a side, instead of one per package (each of which loaded and
        // typed again what it imports): the Node side with the pure packages (server's options) and the browser side
        // (the apps' options). Code that passes its own package's typecheck (`pnpm typecheck`) means the same to
        // these rules under the wider environment: the extra globals are ones that package's typecheck refuses.
        project: ['packages/server/tsconfig.lint.json', 'apps/web/tsconfig.lint.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { boundaries },
    rules: {
      'boundaries/one-way': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Off for the whole codebase: Fastify tells a promise-style handler or hook from a callback-style one by its
      // `async`, and our interfaces (buses, providers, test doubles) promise a Promise; an `async` without `await`
      // is how both say so, and dropping it would change behaviour (a sync hook must call `done`).
      '@typescript-eslint/require-await': 'off',
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
    rules: {
      'no-restricted-imports': restrict(frameworks, { group: ['zod'], message: 'core depends on nothing.' }),
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(frameworks) },
  },
  {
    files: ['packages/ui/src/**/*.{ts,tsx}', 'apps/web/src/**/*.{ts,tsx}', 'apps/miniapp/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict(serverModules),
    },
  },
  {
    // Both apps' Vite configs import this file by a relative path; Vite loads a config's package imports with plain
    // Node, which cannot run the TypeScript source our packages ship.
    files: ['packages/ui/src/vite-app.ts'],
    rules: {
      'no-restricted-imports': restrict({
        regex: '^[^.]',
        message: "vite-app.ts is part of the apps' Vite configs: it imports relative files only, never a package.",
      }),
    },
  },
);
