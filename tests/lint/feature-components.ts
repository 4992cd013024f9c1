import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The UI's features never import each other (eslint.boundaries.js), so what two features both need belongs in the
// shared layer (src/components, src/api, …), not in a copy per feature. A copy usually keeps its name (two `Field`s,
// two `CallView`s): this check finds components of one name defined in two features, or in a feature and the
// shared layer. It reads the source with TypeScript's parser and runs nothing.

export interface SourceFile {
  /** Repo-relative, with forward slashes. */
  path: string;
  text: string;
}

export interface SameName {
  name: string;
  /** `features/<name>` or `shared`, each with the file that defines it there. */
  places: { area: string; path: string }[];
}

const UI_SRC = 'packages/ui/src/';
/** The shared layer of packages/ui: features build on it (eslint.boundaries.js keeps the arrows that way). */
const SHARED = /^packages\/ui\/src\/(components|api|session|realtime|store)\//;
const PASCAL = /^[A-Z][A-Za-z0-9]*$/;
/** Calls whose result is a component: `forwardRef(…)`, `memo(…)`, `lazy(…)` and the app's `lazyScreen(…)`. */
const WRAPPERS = new Set(['forwardRef', 'memo', 'lazy', 'lazyScreen']);

/** Which area a file belongs to: a feature, the shared layer, or neither (the app shell, entry files). */
export function areaOf(file: string): string | null {
  const feature = file.match(/^packages\/ui\/src\/features\/([^/]+)\//)?.[1];
  if (feature) return `features/${feature}`;
  return SHARED.test(file) ? 'shared' : null;
}

/** Tests and their helpers define stand-ins, not the product's components. */
const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || /\/testing(\/|\.tsx?$)/.test(file);

function isComponentValue(node: ts.Expression | undefined): boolean {
  if (!node) return false;
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return true;
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
    return WRAPPERS.has(name);
  }
  return false;
}

/**
 * The components a module defines at its top level: a PascalCase function, a PascalCase constant holding a function
 * or a forwardRef/memo/lazy of one, and a PascalCase class. Types, interfaces and other constants are not components.
 */
export function componentsIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const names: string[] = [];
  for (const statement of source.statements) {
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) {
      if (PASCAL.test(statement.name.text)) names.push(statement.name.text);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && PASCAL.test(declaration.name.text)) {
          if (isComponentValue(declaration.initializer)) names.push(declaration.name.text);
        }
      }
    }
  }
  return names;
}

/** Every component name defined in two areas (two features, or a feature and the shared layer), with where. */
export function sameNamedComponents(files: readonly SourceFile[]): SameName[] {
  const byName = new Map<string, Map<string, string>>();
  for (const file of files) {
    const area = areaOf(file.path);
    if (!area || isTestCode(file.path) || !/\.tsx?$/.test(file.path)) continue;
    for (const name of componentsIn(file.path, file.text)) {
      const areas = byName.get(name) ?? new Map<string, string>();
      if (!areas.has(area)) areas.set(area, file.path);
      byName.set(name, areas);
    }
  }
  const found: SameName[] = [];
  for (const [name, areas] of byName) {
    const features = [...areas.keys()].filter((area) => area.startsWith('features/'));
    // Two shared modules of one name are the shared layer's own business; a feature must be one of the places.
    if (features.length === 0 || areas.size < 2) continue;
    found.push({ name, places: [...areas].map(([area, file]) => ({ area, path: file })) });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** packages/ui/src's source files under `root` (the repo). */
export function readUiSources(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.tsx?$/.test(entry.name)) files.push({ path: rel, text: readFileSync(path.join(root, rel), 'utf8') });
    }
  };
  walk(UI_SRC.slice(0, -1));
  return files;
}
