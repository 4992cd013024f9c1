import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentsIn, readUiSources, sameNamedComponents, type SourceFile } from './feature-components';

// A component copied into a second feature instead of moved to the shared layer fails here (docs/decisions.md,
// "A shared UI layer (issue 27)"). The checker is tried on made-up files first, then run on the repo.

const root = path.resolve(import.meta.dirname, '../..');
const ui = (rel: string, text: string): SourceFile => ({ path: `packages/ui/src/${rel}`, text });

const FIELD = `export function Field({ label }: { label: string }) {\n  return <label>{label}</label>;\n}\n`;

describe('the check for components of one name in two features', () => {
  it('reads the components a module defines, and nothing else', () => {
    const text = [
      "import { forwardRef, lazy, memo } from 'react';",
      'export function Field() { return null; }',
      'function Counter() { return null; }',
      'export const Row = () => null;',
      'const Link = forwardRef(function Link() { return null; });',
      'export const Card = memo(() => null);',
      "const Screen = lazy(() => import('./screen'));",
      'export class Panel {}',
      'export interface FieldProps { id: string }',
      'export type Tone = "ok";',
      "export const FIELDS = ['a'];",
      'export const Schema = z.object({});',
      'function describe() { return 1; }',
    ].join('\n');
    expect(componentsIn('packages/ui/src/features/sell/x.tsx', text)).toEqual([
      'Field',
      'Counter',
      'Row',
      'Link',
      'Card',
      'Screen',
      'Panel',
    ]);
  });

  it('fails when two features define a component of the same name', () => {
    const found = sameNamedComponents([
      ui('features/admin/components/field.tsx', FIELD),
      ui('features/sell/components/field.tsx', FIELD),
      ui('features/sell/components/editor.tsx', 'export const Editor = () => null;'),
    ]);
    expect(found).toEqual([
      {
        name: 'Field',
        places: [
          { area: 'features/admin', path: 'packages/ui/src/features/admin/components/field.tsx' },
          { area: 'features/sell', path: 'packages/ui/src/features/sell/components/field.tsx' },
        ],
      },
    ]);
  });

  it('fails when a feature defines again a component of the shared layer', () => {
    const found = sameNamedComponents([
      ui('components/field/field.tsx', FIELD),
      ui('features/search/components/range-dialog.tsx', FIELD),
    ]);
    expect(found.map((same) => [same.name, same.places.map((place) => place.area)])).toEqual([
      ['Field', ['shared', 'features/search']],
    ]);
  });

  it('lets one feature use a name twice, the shared layer alone, the app shell, and test stand-ins', () => {
    expect(
      sameNamedComponents([
        ui('features/sell/components/a.tsx', FIELD),
        ui('features/sell/screens/b.tsx', FIELD),
        ui('components/a.tsx', 'export const Icon = () => null;'),
        ui('api/b.tsx', 'export const Icon = () => null;'),
        ui('app/layout/icons.tsx', 'const Icon = () => null;'),
        ui('features/landing/components/icons.tsx', 'const Hero = () => null;'),
        ui('features/admin/testing/screen-tests.tsx', 'export function PostStub() { return null; }'),
        ui('features/sell/testing.tsx', 'export function PostStub() { return null; }'),
        ui('features/post/post-actions.test.tsx', FIELD),
      ]),
    ).toEqual([]);
  });

  it('finds no such pair in packages/ui', () => {
    const found = sameNamedComponents(readUiSources(root));
    expect(found.map((same) => `${same.name}: ${same.places.map((place) => place.path).join(', ')}`)).toEqual([]);
  });
});
