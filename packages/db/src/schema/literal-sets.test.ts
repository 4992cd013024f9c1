import * as coreMain from '@autoradar/core';
import * as aggregation from '@autoradar/core/aggregation';

const core = { ...coreMain, ...aggregation };
import { isPgEnum } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './index';

// Every pgEnum takes its values from one of core's literal sets, so the database, the contract and the UI agree.
const isStringList = (value: unknown): value is readonly string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
const pgEnums = Object.entries(schema).flatMap(([name, value]) => (isPgEnum(value) ? [{ name, pgEnum: value }] : []));
const coreSets = Object.entries(core as Record<string, unknown>).flatMap(([name, value]) =>
  isStringList(value) ? [{ name, values: value }] : [],
);

describe('pgEnum values', () => {
  it('finds the schema enums', () => {
    expect(pgEnums.length).toBeGreaterThan(0);
  });

  it.each(pgEnums)('$name equals a literal set of @autoradar/core', ({ pgEnum }) => {
    const values = pgEnum.enumValues;
    const source = coreSets.find(
      (set) => set.values.length === values.length && set.values.every((v, i) => v === values[i]),
    );
    expect(source?.name, `pgEnum "${pgEnum.enumName}" [${values.join(', ')}] has no equal in core`).toBeDefined();
  });
});
