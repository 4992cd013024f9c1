/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// core and contract run in the browser and in Node alike: core imports nothing but the two pure-JS language libraries
// its listing analysis uses (issue 29: transliteration and the Russian stemmer, neither touches Node or the DOM),
// contract only zod and core.
// Tests may add vitest, node built-ins and the OpenAPI validator. DOM use is ruled out by the tsconfig (no DOM lib).
const packagesDir = fileURLToPath(new URL('../../', import.meta.url));
const allowed: Record<string, { source: RegExp; test: RegExp }> = {
  core: {
    source: /^(\.\.?\/|cyrillic-to-translit-js$|@nlpjs\/lang-ru(\/src\/stemmer-ru)?$)/,
    test: /^(\.\.?\/|vitest$|node:)/,
  },
  contract: {
    source: /^(\.\.?\/|zod(\/mini)?$|@autoradar\/core(\/[a-z-]+)?$)/,
    test: /^(\.\.?\/|zod(\/mini)?$|@autoradar\/core(\/[a-z-]+)?$|vitest$|node:|@seriousme\/openapi-schema-validator$)/,
  },
};

const IMPORT = /(?:^|[\n;])\s*(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g;
const SIDE_EFFECT_IMPORT = /(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;
const REQUIRE = /\brequire\s*\(/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

export function importsOf(code: string): string[] {
  return [IMPORT, SIDE_EFFECT_IMPORT, DYNAMIC_IMPORT].flatMap((pattern) =>
    [...code.matchAll(pattern)].map((match) => match[1] ?? ''),
  );
}

describe('package boundaries', () => {
  it('finds imports in every form', () => {
    const code = [
      "import { z } from 'zod';",
      'import {\n  a,\n  type B,\n} from "./multi-line";',
      "import 'side-effect';",
      "export * from './re-export';",
      // Split so that this file's own scan does not see a dynamic import.
      'const lazy = await imp' + "ort('lazy');",
    ].join('\n');
    expect(importsOf(code).sort()).toEqual(['./multi-line', './re-export', 'lazy', 'side-effect', 'zod']);
  });

  for (const [name, rules] of Object.entries(allowed)) {
    it(`keeps packages/${name} free of other dependencies`, () => {
      const files = sourceFiles(join(packagesDir, name, 'src'));
      expect(files.length).toBeGreaterThan(0);
      const violations: string[] = [];
      for (const file of files) {
        const code = readFileSync(file, 'utf8');
        const rule = file.endsWith('.test.ts') ? rules.test : rules.source;
        const where = relative(packagesDir, file);
        for (const specifier of importsOf(code)) {
          if (!rule.test(specifier)) violations.push(`${where}: ${specifier}`);
        }
        if (REQUIRE.test(code)) violations.push(`${where}: CommonJS require`);
      }
      expect(violations).toEqual([]);
    });
  }
});
