import { readFileSync } from 'node:fs';
import path from 'node:path';
import spectralCore from '@stoplight/spectral-core';
import owasp from '@stoplight/spectral-owasp-ruleset';
import { oas } from '@stoplight/spectral-rulesets';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from '@autoradar/server/config/config';
import { buildApiDocument } from './docs.routes';

// Stoplight Spectral with its OpenAPI and OWASP API Security rulesets over the document /api/docs/openapi.json serves
// in production. Every error must be one docs/decisions.md records as decided (the table of the "Edge hardening"
// section: rule, where, why); warnings are reported, not failed on.

const { Spectral } = spectralCore;
const ERROR = 0;
const WARNING = 1;

interface Decided {
  rule: string;
  /** `*` for every place, or a location as canonicalLocation writes it. */
  where: string;
}

/** The decided errors: the rows of the Spectral table in docs/decisions.md. */
function readDecided(): Decided[] {
  const text = readFileSync(path.join(repoRoot, 'docs/decisions.md'), 'utf8');
  const section = text.split(/^## /m).find((part) => part.startsWith('Edge hardening'));
  if (!section) throw new Error('docs/decisions.md has no "Edge hardening" section');
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|').map((cell) => cell.trim().replace(/^`|`$/g, '')));
  return rows.map(([, rule = '', where = '']) => ({ rule, where }));
}

type Json = Record<string, unknown>;

/**
 * Spectral reports a problem where it finds it in the resolved document, so one component used by 60 answers is 60
 * results. This follows the path through the document as written and names the place once: the component (and the
 * path inside it) when the path goes through a $ref, the operation's own path otherwise.
 */
export function canonicalLocation(doc: Json, resultPath: readonly (string | number)[]): string {
  let node: unknown = doc;
  let location: string[] = [];
  for (const segment of resultPath) {
    const ref = (node as Json | undefined)?.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      location = ref.slice(2).split('/');
      node = location.reduce<unknown>((at, key) => (at as Json)[key], doc);
    }
    node = (node as Json | undefined)?.[String(segment)];
    location.push(String(segment));
  }
  return location.join('.');
}

interface Problem {
  rule: string;
  severity: number;
  where: string;
  message: string;
}

const settings = loadConfig({
  NODE_ENV: 'production',
  APP_URL: 'https://autoradar.example',
  BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefgh',
  APP_SECRET: '0123456789abcdef0123456789abcdef',
  REVERB_APP_SECRET: 'fedcba9876543210fedcba9876543210',
});
const doc = buildApiDocument(settings) as unknown as Json;
let problems: Problem[] = [];

beforeAll(async () => {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[oas, 'recommended'], owasp] } as never);
  const results = await spectral.run(structuredClone(doc) as never);
  const unique = new Map<string, Problem>();
  for (const result of results) {
    const where = canonicalLocation(doc, result.path);
    unique.set(`${result.code}@${where}`, {
      rule: String(result.code),
      severity: result.severity,
      where,
      message: result.message,
    });
  }
  problems = [...unique.values()];
  const count = (severity: number) => problems.filter((p) => p.severity === severity).length;
  const raw = (severity: number) => results.filter((r) => Number(r.severity) === severity).length;
  console.log(
    `Spectral (oas + owasp): ${count(ERROR)} errors, ${count(WARNING)} warnings in distinct places ` +
      `(${raw(ERROR)} and ${raw(WARNING)} as Spectral counts them)`,
  );
}, 120_000);

const isDecided = (problem: Problem, decided: Decided[]) =>
  decided.some((d) => d.rule === problem.rule && (d.where === '*' || d.where === problem.where));

describe('the OpenAPI document under Spectral and the OWASP ruleset', () => {
  it('lints the document the API serves, with a production server', () => {
    expect((doc.servers as Json[])[0]).toEqual({
      url: 'https://autoradar.example',
      description: 'production',
      'x-internal': false,
    });
  });

  it('has no error besides those docs/decisions.md records as decided', () => {
    const decided = readDecided();
    expect(decided.length).toBeGreaterThan(0);
    const open = problems.filter((p) => p.severity === ERROR && !isDecided(p, decided));
    expect(open.map((p) => `${p.rule} at ${p.where}: ${p.message}`)).toEqual([]);
  });

  it('has every decided error still there, so the list names nothing that went away', () => {
    const errors = problems.filter((p) => p.severity === ERROR);
    const stale = readDecided().filter((d) => !errors.some((p) => isDecided(p, [d])));
    expect(stale).toEqual([]);
  });

  it('fails a string without a bound, an array without maxItems and an integer without a format', async () => {
    const broken = structuredClone(doc) as { components: { schemas: Record<string, Json> } };
    broken.components.schemas.Probe = {
      type: 'object',
      properties: {
        text: { type: 'string' },
        list: { type: 'array', items: { type: 'boolean' } },
        count: { type: 'integer', minimum: 0, maximum: 10 },
      },
    };
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [owasp] });
    const found = (await spectral.run(broken as never))
      .filter((r) => Number(r.severity) === ERROR && r.path.join('.').startsWith('components.schemas.Probe'))
      .map((r) => String(r.code));
    expect(new Set(found)).toEqual(
      new Set(['owasp:api4:2023-string-limit', 'owasp:api4:2023-array-limit', 'owasp:api4:2023-integer-format']),
    );
  }, 60_000);
});
