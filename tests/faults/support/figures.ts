import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../support/server';

/** Prints a suite's figures and keeps them in test-results/faults/<name>.json for docs/reliability.md. */
export function reportFigures(name: string, figures: Record<string, unknown>): void {
  const dir = path.join(repoRoot, 'test-results/faults');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(figures, null, 2));
  console.log(`\n[fault suite ${name}] ${JSON.stringify(figures)}`);
}
