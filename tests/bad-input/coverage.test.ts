import { describe, expect, it } from 'vitest';
import { allEndpoints } from '@autoradar/contract';
import { operations, SHARD_COUNT, shardOperations } from './support/operations';
import { mutationClasses, systematicRequests } from './support/requests';
import { DEFAULT_RUNS, shareOfRuns } from './support/run';

// The suite covers the contract, not a list: every endpoint lands in exactly one shard file, and every one has bad
// input to be sent (its query, its body or its path at least).

describe('bad-input coverage', () => {
  it('deals every contract endpoint to exactly one shard', () => {
    const dealt = Array.from({ length: SHARD_COUNT }, (_, i) => shardOperations(i, SHARD_COUNT).map((op) => op.name));
    const all = dealt.flat();
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort()).toEqual(
      allEndpoints()
        .map((e) => e.name)
        .sort(),
    );
    for (const shard of dealt) expect(shard.length).toBeGreaterThan(0);
  });

  it('has mutation classes for every operation, aimed at each of its body fields, query and path parameters', () => {
    for (const op of operations()) {
      const names = mutationClasses(op).map((c) => c.name);
      expect(names.length, op.name).toBeGreaterThan(3);
      for (const param of op.pathParams) expect(names, op.name).toContain(`:${param.name}: out of range`);
      for (const param of op.query)
        expect(
          names.some((n) => n.startsWith(`?${param.name}:`)),
          op.name,
        ).toBe(true);
      const props = Object.keys(op.body?.properties ?? {});
      for (const prop of props)
        expect(
          names.some((n) => n.startsWith(`${prop}:`)),
          `${op.name} ${prop}`,
        ).toBe(true);
    }
  });

  it('puts every priority class (numbers past the columns, control characters, long text, ids out of range) in the fixed part of each database, and the two halves reach further together', () => {
    for (const op of operations()) {
      const classes = mutationClasses(op);
      const priority = classes.filter((c) => c.priority);
      const reached = (target: 'pglite' | 'postgres') => {
        const share = shareOfRuns(target, DEFAULT_RUNS);
        const fixed = systematicRequests(op, false, 1, Math.floor(share.runs / 2), share.part, share.parts);
        const labels = new Set(fixed.flatMap((r) => r.mutations.map((m) => m.label)));
        return {
          max: Math.floor(share.runs / 2),
          classes: classes.filter((c) => c.mutations.some((m) => labels.has(m.label))),
        };
      };
      const pglite = reached('pglite');
      const postgres = reached('postgres');
      for (const half of [pglite, postgres]) {
        const covered = priority.filter((c) => half.classes.includes(c));
        expect(covered.length, op.name).toBe(Math.min(priority.length, half.max));
      }
      const together = new Set([...pglite.classes, ...postgres.classes]);
      const ordinary = classes.length - priority.length;
      const room = Math.max(0, pglite.max - priority.length) + Math.max(0, postgres.max - priority.length);
      expect(together.size, op.name).toBe(Math.min(priority.length, pglite.max) + Math.min(ordinary, room));
    }
  });
});
